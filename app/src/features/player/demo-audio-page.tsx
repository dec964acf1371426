// /demo/audio-player and /test/audio: the player on demo content — the first free chapter of the first book.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useViewer } from '@/features/auth/use-viewer';
import type { BookSummary, ChapterSummary, Page } from '@/lib/api/types';
import { useLang } from '@/lib/lang';
import { catalogQueries } from '@/lib/queries/catalog';
import { usePlayerController, usePlayerState } from './player-context';
import { useKeyboardHints } from './use-keyboard-hints';
import '@/components/catalog/catalog-page.css';

const firstBook = (page: Page<BookSummary>) => page.items[0] ?? null;
/** The first chapter the listener may play, else the first chapter. */
const demoChapter = (page: Page<ChapterSummary>) =>
  page.items.find((item) => item.isFree || item.access.allowed) ?? page.items[0] ?? null;

/** The demo book's chapter, put on the player once (from its start) with the player opened. */
function DemoChapter({ book }: { book: BookSummary }) {
  const { t } = useTranslation();
  const controller = usePlayerController();
  const state = usePlayerState();
  const [loaded, setLoaded] = useState(false);
  const chapters = useQuery({ ...catalogQueries.chapters(useViewer(), book.id, 1, 200), select: demoChapter });
  const chapter = chapters.data;

  useEffect(() => {
    if (!chapter || loaded) return;
    setLoaded(true);
    if (state.chapter?.id !== chapter.id) void controller.load(chapter.id, { startAt: 0 });
    controller.setExpanded(true);
  }, [chapter, loaded, controller, state.chapter?.id]);

  if (chapters.isPending) return <Skeleton count={1} variant="row" />;
  if (chapters.isError) return <ErrorState error={chapters.error} onRetry={() => void chapters.refetch()} />;
  return chapter ? (
    <p data-testid="demo-chapter">{t('app.player.demo.nowLoaded', { book: book.title, chapter: chapter.title })}</p>
  ) : (
    <p role="status">{t('app.player.demo.empty')}</p>
  );
}

export function DemoAudioPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const keyboardHints = useKeyboardHints();
  const books = useQuery({ ...catalogQueries.books(lang, { page: 1, pageSize: 1 }), select: firstBook });

  return (
    <div className="catalog-page">
      <h1>{t('app.player.demo.title')}</h1>
      <p>{t('app.player.demo.intro')}</p>
      {books.isPending && <Skeleton count={1} variant="row" />}
      {books.isError && <ErrorState error={books.error} onRetry={() => void books.refetch()} />}
      {books.isSuccess &&
        (books.data ? <DemoChapter book={books.data} /> : <p role="status">{t('app.player.demo.empty')}</p>)}
      {keyboardHints && <p>{t('app.player.shortcuts')}</p>}
    </div>
  );
}
