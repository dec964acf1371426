// The simple layout (offline, payment result pages): logo bar and a centred page.
import { Outlet } from 'react-router';
import { PlayerSlot } from '@/features/player';
import { Logo } from './logo';
import { PageBoundary } from './page-boundary';
import { SkipLink } from './skip-link';
import './layouts.css';

export function SimpleLayout() {
  return (
    <div className="layout layout--simple">
      <SkipLink />
      <header className="simple-header">
        <Logo />
      </header>
      <main id="main-content" className="site-main site-main--narrow" tabIndex={-1}>
        <PageBoundary>
          <Outlet />
        </PageBoundary>
      </main>
      <PlayerSlot />
    </div>
  );
}
