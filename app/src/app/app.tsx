// The browser app: providers (with the one query cache, made at startup so the first page's data
// can be asked for before the first render) around the update notices, the routes and the
// behaviour tracking and the anti-crawler's detections started after them (`later-tracking.tsx`,
// `later-anti-crawler.tsx`), in the browser's history. The global styles come first, before any
// component's.
import '@/styles/tokens.css';
import '@/styles/base.css';
// A book's page and search draw with these at once: their scripts are asked for with the page
// shell (`firstPages` in vite.config.ts), and in the shell's stylesheet their styles need no
// request of their own once the shell has run (about 1.3 KB).
import '@/components/downloads/download-progress.css';
import '@/components/reviews/reviews.css';
import '@/components/shop/shop.css';
import '@/features/catalog/download-book-button.css';
import '@/features/search/search-page.css';
import type { i18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { LaterAntiCrawler } from './later-anti-crawler';
import { LaterTracking } from './later-tracking';
import { AppProvider } from './provider';
import { RootRoutes } from './routes';
import { LaterUpdates } from './updates/later-updates';

export function App({ i18n, queryClient }: { i18n: i18n; queryClient: QueryClient }) {
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <LaterUpdates />
      <LaterAntiCrawler />
      <BrowserRouter>
        <RootRoutes />
        <LaterTracking />
      </BrowserRouter>
    </AppProvider>
  );
}
