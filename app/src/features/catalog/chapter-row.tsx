// A chapter in a book's list: number, title, its marks (access marker with a buy action when the
// chapter is sold on its own, "listened"), duration and a play button — five cells, each in its own
// grid area (`catalog-pages.css`), so no mark ever pushes the duration or the play button away.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { BuyChapterButton } from '@/components/shop/buy-chapter-button';
import { useCurrentUser } from '@/features/auth/use-auth';
import { usePlayerController } from '@/features/player';
import { formatDuration } from '@/lib/core';
import { pathTo } from '@/lib/paths';
import type { ChapterSummary } from '@/lib/api/types';
import { MARKER_LABEL, type ChapterMarker } from '@/components/catalog/labels';
import { TextIn } from '@/components/text-in/text-in';

/** The marker shown for a chapter's access (free, limited-free, VIP, purchased, needs purchase). */
export function accessMarker(chapter: Pick<ChapterSummary, 'access' | 'isFree'>): ChapterMarker {
  switch (chapter.access.kind) {
    case 'free':
      return 'free';
    case 'campaign':
      return 'campaign';
    case 'purchased':
      return 'purchased';
    case 'member':
    case 'membership':
      return 'vip';
    case 'purchase':
      return 'paid';
    default:
      return chapter.isFree ? 'free' : 'locked';
  }
}

export function ChapterRow({ bookId, chapter }: { bookId: number; chapter: ChapterSummary }) {
  const { t } = useTranslation();
  const player = usePlayerController();
  const user = useCurrentUser();
  const marker = accessMarker(chapter);
  return (
    <li className="chapter-row">
      <span className="chapter-row__index">{chapter.index}</span>
      <LocalizedLink className="chapter-row__title" to={pathTo('chapter', { id: bookId, chapterId: chapter.id })}>
        <TextIn lang={chapter.titleLang}>{chapter.title}</TextIn>
      </LocalizedLink>
      <span className="chapter-row__marks">
        <span className={`badge badge--${marker}`}>{MARKER_LABEL[marker](t)}</span>
        {chapter.progress?.completed && <span className="chapter-row__done">{t('app.catalog.chapter.completed')}</span>}
        {chapter.price && <BuyChapterButton chapter={chapter} userId={user?.id ?? null} />}
      </span>
      <span className="chapter-row__duration">{formatDuration({ seconds: chapter.durationSecs })}</span>
      <button
        type="button"
        className="player-button chapter-row__play"
        onClick={() => void player.load(chapter.id, { autoplay: true })}
        aria-label={t('app.catalog.chapter.playNamed', { title: chapter.title })}
      >
        <span aria-hidden="true">▶</span>
      </button>
    </li>
  );
}
