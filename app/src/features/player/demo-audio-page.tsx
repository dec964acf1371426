// /demo/audio-player and /test/audio: the player on demo content — the first free chapter of the first book.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useApi } from '@/components/async-state/use-api';
import { catalogApi, itemsOf } from '@/lib/catalog-api';
import { usePlayerController, usePlayerState } from './player-context';

export function DemoAudioPage() {
  const { t } = useTranslation();
  const controller = usePlayerController();
  const state = usePlayerState();
  const [loaded, setLoaded] = useState(false);
  const demo = useApi(async (signal) => {
    const book = itemsOf(await catalogApi.books({ page: 1, pageSize: 1 }, { signal }))[0];
    if (!book) return null;
    const chapters = itemsOf(await catalogApi.chapters(book.id, 1, 200, { signal }));
    const chapter = chapters.find((item) => item.isFree || item.access?.allowed) ?? chapters[0];
    return chapter ? { book, chapter } : null;
  }, []);

  useEffect(() => {
    if (demo.status !== 'ready' || !demo.data || loaded) return;
    setLoaded(true);
    if (state.chapter?.id !== demo.data.chapter.id) void controller.load(demo.data.chapter.id, { startAt: 0 });
    controller.setExpanded(true);
  }, [demo, loaded, controller, state.chapter?.id]);

  return (
    <div className="catalog-page">
      <h1>{t('app.player.demo.title')}</h1>
      <p>{t('app.player.demo.intro')}</p>
      {demo.status === 'loading' && <Skeleton count={1} variant="row" />}
      {demo.status === 'error' && <ErrorState error={demo.error} onRetry={demo.reload} />}
      {demo.status === 'ready' &&
        (demo.data ? (
          <p data-testid="demo-chapter">
            {t('app.player.demo.nowLoaded', { book: demo.data.book.title, chapter: demo.data.chapter.title })}
          </p>
        ) : (
          <p role="status">{t('app.player.demo.empty')}</p>
        ))}
      <p>{t('app.player.shortcuts')}</p>
    </div>
  );
}
