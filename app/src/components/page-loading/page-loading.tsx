// The small loading state shown while a page module or a catalogue loads.
import './page-loading.css';

export function PageLoading({ label = '…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__dot" aria-hidden="true" />
      <span className="page-loading__dot" aria-hidden="true" />
      <span className="page-loading__dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
