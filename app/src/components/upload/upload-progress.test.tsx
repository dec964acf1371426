// A failed upload's row offers "retry" only when another try can succeed (core's
// `uploadRetryable`): never for a type refused before sending or by the server, nor for a file
// too large; a dropped line or a full upload disk keeps it.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { RefusedFile } from '@/lib/uploads';
import { createTestI18n } from '@/testing/i18n';
import { UploadProgress } from './upload-progress';
import type { UploadItem } from './use-uploads';

const failed = (error: unknown): UploadItem => ({
  key: 'upload-1',
  file: new File(['x'], 'ch2.opus', { type: 'audio/ogg' }),
  kind: 'audio',
  status: 'failed',
  sent: 0,
  total: 1,
  error,
});

const refusal = (statusCode: number, code: string) =>
  new ApiError({ statusCode, statusMessage: 'refused', message: 'refused', code });

function renderRow(error: unknown) {
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <UploadProgress item={failed(error)} onCancel={() => undefined} onRetry={() => undefined} />
    </I18nextProvider>,
  );
  return screen.queryByRole('button', { name: 'Retry uploading ch2.opus' });
}

describe('a failed upload row', () => {
  it.each([
    ['a type the server refused as the upload opened', refusal(415, 'unsupported_media_type')],
    ['a file over the size limit', refusal(400, 'validation_failed')],
    ['bytes that are no readable audio', refusal(422, 'upload_failed')],
    ['an upload that takes no more bytes', refusal(409, 'upload_closed')],
  ])('offers no retry for %s', (_what, error) => {
    expect(renderRow(error)).toBeNull();
  });

  it('names a type refused before any byte was sent, with what is accepted, and offers no retry', () => {
    expect(renderRow(new RefusedFile('.txt', 'mp3, opus'))).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Files of type .txt are not accepted, so nothing was sent. Accepted: mp3, opus.',
    );
  });

  it.each([
    ['a dropped line', refusal(0, 'network')],
    ['a full upload disk', refusal(507, 'insufficient_storage')],
    ['a busy upload', refusal(409, 'upload_busy')],
    ['an unexpected failure', new Error('offline')],
  ])('offers a retry after %s', (_what, error) => {
    expect(renderRow(error)).toBeInTheDocument();
  });
});
