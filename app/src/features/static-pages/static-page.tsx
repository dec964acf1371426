// One generic page for catalogue-held texts: title, optional "updated" line, intro, sections of paragraphs.
import './static-page.css';

export interface StaticPageContent {
  title: string;
  updated?: string;
  intro?: string;
  sections?: { heading: string; body: string[] | string }[];
}

function asParagraphs(body: string[] | string): string[] {
  return Array.isArray(body) ? body : [body];
}

export function StaticPage({ content }: { content: StaticPageContent }) {
  const sections = Array.isArray(content.sections) ? content.sections : [];
  return (
    <article className="page static-page">
      <h1 className="page__title">{content.title}</h1>
      {content.updated ? <p className="static-page__updated">{content.updated}</p> : null}
      {content.intro ? <p className="page__lead">{content.intro}</p> : null}
      {sections.map((section) => (
        <section key={section.heading} className="static-page__section">
          <h2>{section.heading}</h2>
          {asParagraphs(section.body).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
