// The editor's preview of audio (a chapter's, published or not, or any stored file): one player
// per page, started by a row's, a card's or a form's play button. Stored audio comes from the
// console's addresses with the access token in `?token=`; a file just chosen plays from the browser.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '@/lib/console-api';
import { bearerToken } from '@/lib/http';

export interface Preview {
  title: string;
  src: string;
}

/** What the page's player plays, and how to start a stored chapter, a stored file or a chosen file. */
export function useAudioPreview() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const playChapter = useCallback(async (chapterId: number, title: string) => {
    setPreview({ title, src: await consoleApi.chapterAudioUrl(chapterId) });
  }, []);
  const playStored = useCallback(async (fileId: number, title: string) => {
    setPreview({ title, src: consoleApi.fileContentUrl(fileId, await bearerToken()) });
  }, []);
  const playFile = useCallback((file: File) => setPreview({ title: file.name, src: URL.createObjectURL(file) }), []);
  // A chosen file's address holds the file in memory until it is let go.
  useEffect(() => {
    const src = preview?.src;
    return () => {
      if (src?.startsWith('blob:')) URL.revokeObjectURL(src);
    };
  }, [preview?.src]);
  return { preview, playChapter, playStored, playFile, close: () => setPreview(null) };
}

export function PreviewPlayer({ preview, onClose }: { preview: Preview | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  if (!preview) return null;
  return (
    <section className="audio-preview card" aria-label={t('console.preview.label')}>
      <p className="audio-preview__title">{t('console.preview.now', { title: preview.title })}</p>
      <audio
        key={preview.src}
        className="audio-preview__audio"
        src={preview.src}
        controls
        autoPlay
        preload="none"
        aria-label={t('console.preview.audio', { title: preview.title })}
      />
      <button type="button" className="button button--small" onClick={onClose}>
        {t('console.preview.close')}
      </button>
    </section>
  );
}
