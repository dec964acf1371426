// The room a page keeps while its module loads or its guard checks the session: at least the
// screen's height, so the footer is not drawn in view only to be pushed away when the page arrives.
import { PageLoading } from '@/components/page-loading/page-loading';
import './page-pending.css';

export function PagePending({ label }: { label: string }) {
  return (
    <div className="page-pending">
      <PageLoading label={label} />
    </div>
  );
}
