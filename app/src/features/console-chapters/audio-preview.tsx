// The editor's preview of a chapter's audio (any chapter, published or not): one player per page,
// started by a row's or the form's play button. A stored chapter's audio comes from the console's
// audio address with the access token in `?token=`; a file just chosen plays from the browser.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '@/lib/console-api';

export interface Preview {
  title: string;
  src: string;
}

/** What the page's player plays, and how to start a stored chapter or a chosen file. */
export function useAudioPreview() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const playChapter = useCallback(async (chapterId: number, title: string) => {
    setPreview({ title, src: await consoleApi.chapterAudioUrl(chapterId) });
  }, []);
  const playFile = useCallback((file: File) => setPreview({ title: file.name, src: URL.createObjectURL(file) }), []);
  // A chosen file's address holds the file in memory until it is let go.
  useEffect(() => {
    const src = preview?.src;
    return () => {
      if (src?.startsWith('blob:')) URL.revokeObjectURL(src);
    };
  }, [preview?.src]);
  return { preview, playChapter, playFile, close: () => setPreview(null) };
}

export function PreviewPlayer({ preview, onClose }: { preview: Preview | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  if (!preview) return null;
  return (
    <section className="chapter-preview card" aria-label={t('console.chapters.preview.label')}>
      <p className="chapter-preview__title">{t('console.chapters.preview.now', { title: preview.title })}</p>
      <audio
        key={preview.src}
        className="chapter-preview__audio"
        src={preview.src}
        controls
        autoPlay
        preload="none"
        aria-label={t('console.chapters.preview.audio', { title: preview.title })}
      />
      <button type="button" className="button button--small" onClick={onClose}>
        {t('console.chapters.preview.close')}
      </button>
    </section>
  );
}
