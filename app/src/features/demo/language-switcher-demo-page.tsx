// /demo/language-switcher: the switcher, one button per language, and a free code field to see refusals.
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { useSwitchLanguage } from '@/components/language-switcher/use-switch-language';
import { languageOptions } from '@/config/languages';
import { languageTag } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { readStoredLanguage } from '@/lib/language-preference';
import './demo.css';

export function LanguageSwitcherDemoPage() {
  const { t } = useTranslation();
  const { lang, fullPath } = useLang();
  const { pathname, search, hash } = useLocation();
  const switchLanguage = useSwitchLanguage(pathname + search + hash);
  const [code, setCode] = useState('');
  const codeId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (switchLanguage(code.trim())) setCode('');
  };

  return (
    <article className="page">
      <h1 className="page__title">{t('app.demo.languageSwitcher.title')}</h1>
      <p className="page__lead">{t('app.demo.languageSwitcher.intro')}</p>
      <section className="card">
        <dl className="demo-current">
          <dt>{t('app.demo.languageSwitcher.current')}</dt>
          <dd>
            {lang} ({languageTag({ lang })})
          </dd>
          <dt>{t('app.demo.languageSwitcher.stored')}</dt>
          <dd>{readStoredLanguage() ?? '—'}</dd>
          <dt>{t('app.demo.languageSwitcher.address')}</dt>
          <dd>
            <code>{fullPath}</code>
          </dd>
        </dl>
      </section>
      <div className="demo-controls">
        <LanguageSwitcher showLabel />
      </div>
      <div className="demo-controls" role="group" aria-label={t('app.demo.languageSwitcher.buttons')}>
        {languageOptions.map((option) => (
          <button
            key={option.code}
            type="button"
            className="button"
            lang={option.code}
            aria-pressed={option.code === lang}
            onClick={() => switchLanguage(option.code)}
          >
            {option.nativeName}
          </button>
        ))}
      </div>
      <form className="demo-controls" onSubmit={onSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={codeId}>
            {t('app.demo.languageSwitcher.codeLabel')}
          </label>
          <input
            id={codeId}
            className="field__input"
            value={code}
            placeholder="fr"
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('app.demo.languageSwitcher.apply')}
        </button>
      </form>
    </article>
  );
}
