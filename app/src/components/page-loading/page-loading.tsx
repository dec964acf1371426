// The small loading state shown while a page module or a catalogue loads: after 200 ms only (its
// room is kept from the start, so nothing moves when it appears).
import { useShownAfterDelay } from '@/components/async-state/use-shown-after-delay';
import './page-loading.css';

export function PageLoading({ label = '…' }: { label?: string }) {
  const shown = useShownAfterDelay();
  if (!shown) {
    return (
      <div className="page-loading page-loading--waiting" aria-hidden="true">
        <span className="page-loading__dot" />
      </div>
    );
  }
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__dot" aria-hidden="true" />
      <span className="page-loading__dot" aria-hidden="true" />
      <span className="page-loading__dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
