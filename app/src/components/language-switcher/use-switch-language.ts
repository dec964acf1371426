// Switches the language: validated by core, stored (local storage + cookie), localised navigation,
// then a toast in the new language once the app has switched to it (its texts arrived).
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
  const { t, i18n } = useTranslation();
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
      // The confirmation speaks the chosen language: it waits until the locale layer has switched
      // to it (its texts fetched). A later switch that overtakes this one says it instead.
      const announce = () => {
        const speak = i18n.hasResourceBundle(lang, 'app') ? i18n.getFixedT(lang) : t;
        toast({ color: 'success', icon: 'language', title: speak('app.language.switched', { language: name }) });
      };
      if (i18n.language === lang) announce();
      else {
        const onChanged = (changed: string) => {
          i18n.off('languageChanged', onChanged);
          if (changed === lang) announce();
        };
        i18n.on('languageChanged', onChanged);
      }
      navigate(localizeTarget(currentTarget, lang));
      return true;
    },
    [currentTarget, i18n, navigate, t, toast],
  );
}
