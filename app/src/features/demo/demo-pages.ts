// The demo pages of spec §2 that show the shared core rules at work.
export { I18nDemoPage } from './i18n-demo-page';
export { LanguageSwitcherDemoPage } from './language-switcher-demo-page';
export { TimezoneFormatDemoPage } from './timezone-format-demo-page';
