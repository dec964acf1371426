// Help, about, terms, privacy and copyright: the generic static page fed from `pages.<name>`.
import { useTranslation } from 'react-i18next';
import { StaticPage, type StaticPageContent } from './static-page';

/** A page's catalogue entry read with `returnObjects` (a plain string becomes its title). */
function asContent(content: unknown): StaticPageContent {
  return typeof content === 'object' && content !== null ? (content as StaticPageContent) : { title: String(content) };
}

export function HelpPage() {
  const { t } = useTranslation('pages');
  return <StaticPage content={asContent(t('pages.help', { returnObjects: true }))} />;
}

export function AboutPage() {
  const { t } = useTranslation('pages');
  return <StaticPage content={asContent(t('pages.about', { returnObjects: true }))} />;
}

export function TermsPage() {
  const { t } = useTranslation('pages');
  return <StaticPage content={asContent(t('pages.terms', { returnObjects: true }))} />;
}

export function PrivacyPage() {
  const { t } = useTranslation('pages');
  return <StaticPage content={asContent(t('pages.privacy', { returnObjects: true }))} />;
}

export function CopyrightPage() {
  const { t } = useTranslation('pages');
  return <StaticPage content={asContent(t('pages.copyright', { returnObjects: true }))} />;
}
