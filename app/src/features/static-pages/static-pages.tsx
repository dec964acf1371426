// Help, about, terms, privacy and copyright: the generic static page fed from `pages.<name>`.
import { useTranslation } from 'react-i18next';
import { StaticPage, type StaticPageContent } from './static-page';

function useContent(key: string): StaticPageContent {
  const { t } = useTranslation();
  const content = t(key, { returnObjects: true }) as unknown;
  return typeof content === 'object' && content !== null ? (content as StaticPageContent) : { title: String(content) };
}

export function HelpPage() {
  return <StaticPage content={useContent('pages.help')} />;
}

export function AboutPage() {
  return <StaticPage content={useContent('pages.about')} />;
}

export function TermsPage() {
  return <StaticPage content={useContent('pages.terms')} />;
}

export function PrivacyPage() {
  return <StaticPage content={useContent('pages.privacy')} />;
}

export function CopyrightPage() {
  return <StaticPage content={useContent('pages.copyright')} />;
}
