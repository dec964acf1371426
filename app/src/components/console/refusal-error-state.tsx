// A console page's data failed to load: when the server refuses the caller (401/403), the page
// draws the error screen of that status (thrown to the page's error boundary), never its frame with
// a retry; any other failure stays on the page with a retry.
import { ErrorState } from '@/components/async-state/async-state';
import { AppError } from '@/lib/app-error';
import { ApiError } from '@/lib/http';

export function RefusalErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) {
    throw new AppError(error.statusCode, error.statusMessage, { fatal: true });
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}
