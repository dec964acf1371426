// /authors/{id} and /narrators/{id}: the person's name and role, their bio, and their published
// books; each text marked with the language it is written in. No such person: the fatal 404 screen.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState, RecordErrorState, Skeleton } from '@/components/async-state/async-state';
import { BookGrid } from '@/components/catalog/book-card';
import { TextIn } from '@/components/text-in/text-in';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { usePageTitle } from '@/lib/page-title';
import { peopleQueries, type PersonRole } from '@/lib/queries/people';
import '@/components/catalog/catalog-page.css';
import './people.css';

const ROLE_LABEL: Record<PersonRole, Label> = {
  author: (t) => t('app.people.role.author'),
  narrator: (t) => t('app.people.role.narrator'),
};

export function PersonPage({ role }: { role: PersonRole }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const booksHeadingId = useId();
  const id = Number(useParams().id);
  const person = useQuery(peopleQueries.person(lang, role, id));

  usePageTitle(person.data?.name ?? null, 'record');

  if (person.isPending) return <Skeleton count={1} variant="row" />;
  if (person.isError) return <RecordErrorState error={person.error} onRetry={() => void person.refetch()} />;
  const { name, nameLang, bio, bioLang, books } = person.data;
  const paragraphs = (bio ?? '').split('\n').filter((paragraph) => paragraph.trim());

  return (
    <article className="catalog-page person-page">
      <header className="person-page__head">
        <p className="person-page__role">{ROLE_LABEL[role](t)}</p>
        <h1>
          <TextIn lang={nameLang}>{name}</TextIn>
        </h1>
      </header>
      {paragraphs.length > 0 && (
        <div className="person-page__bio">
          {paragraphs.map((paragraph, index) => (
            <p key={index}>
              <TextIn lang={bioLang}>{paragraph}</TextIn>
            </p>
          ))}
        </div>
      )}
      <section aria-labelledby={booksHeadingId}>
        <h2 id={booksHeadingId}>{t('app.people.books')}</h2>
        {books.length > 0 ? (
          <BookGrid books={books} label={t('app.people.books')} headingLevel={3} />
        ) : (
          <EmptyState>{t('app.people.noBooks')}</EmptyState>
        )}
      </section>
    </article>
  );
}

export const AuthorPage = () => <PersonPage role="author" />;
export const NarratorPage = () => <PersonPage role="narrator" />;
