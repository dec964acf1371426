// The header's language picker: a labelled select of zh / en / ja.
import { useId } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageOptions } from '@/config/languages';
import { useLang } from '@/lib/lang';
import { useSwitchLanguage } from './use-switch-language';
import './language-switcher.css';

export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  // Inside the locale layer the location is already unprefixed.
  const { pathname, search, hash } = useLocation();
  const switchLanguage = useSwitchLanguage(pathname + search + hash);
  const id = useId();

  return (
    <div className="language-switcher">
      <label htmlFor={id} className={showLabel ? 'language-switcher__label' : 'visually-hidden'}>
        {t('app.language.label')}
      </label>
      <svg className="language-switcher__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM3 12h18M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        id={id}
        className="language-switcher__select"
        value={lang}
        onChange={(event) => switchLanguage(event.target.value)}
      >
        {languageOptions.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
