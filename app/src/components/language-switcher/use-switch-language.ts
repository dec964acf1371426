// Switches the language: validated by core, stored (local storage + cookie), localised navigation, toast.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/use-toast';
import { languageOptions } from '@/config/languages';
import { validateLanguage, type Lang } from '@/lib/core';
import { localizeTarget } from '@/lib/lang';
import { storeLanguage } from '@/lib/language-preference';

/** `currentTarget` is the current address without its language prefix (path, query and hash). */
export function useSwitchLanguage(currentTarget: string): (code: string) => boolean {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();

  return useCallback(
    (code: string) => {
      const result = validateLanguage({ code });
      if (result.kind !== 'valid') {
        console.warn(`Unsupported language: ${code}`);
        toast({
          color: 'warning',
          icon: 'warning',
          title: t('app.language.unsupportedTitle'),
          description: t('app.language.unsupported', { code }),
        });
        return false;
      }
      const lang = result.lang as Lang;
      const name = languageOptions.find((option) => option.code === lang)?.nativeName ?? lang;
      storeLanguage(lang);
      navigate(localizeTarget(currentTarget, lang));
      toast({ color: 'success', icon: 'language', title: t('app.language.switched', { language: name }) });
      return true;
    },
    [currentTarget, navigate, t, toast],
  );
}
