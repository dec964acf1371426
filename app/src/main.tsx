// Entry point: start i18next in the language of the URL, then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { languageTag, splitLocale } from '@/lib/core';
import { createHttpI18n } from '@/lib/i18n';
import './styles/tokens.css';
import './styles/base.css';

const { lang } = splitLocale({ path: window.location.pathname });
document.documentElement.lang = languageTag({ lang });
const i18n = createHttpI18n(lang);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
