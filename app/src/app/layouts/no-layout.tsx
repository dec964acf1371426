// No layout (login and register pages): the page alone.
import { Outlet } from 'react-router';
import { PageBoundary } from './page-boundary';
import './layouts.css';

export function NoLayout() {
  return (
    <main id="main-content" className="layout layout--none" tabIndex={-1}>
      <PageBoundary>
        <Outlet />
      </PageBoundary>
    </main>
  );
}
