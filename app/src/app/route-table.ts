// The one route table: every route of spec §2 with its guards, layout, title and (where built) its page.
import type { Params } from 'react-router';
import * as homeModule from '@/features/catalog/home-page';
import type { Label } from '@/lib/i18n';
import { patterns, type RouteName } from '@/lib/paths';
import { prefetchBookDetailPage, prefetchHomePage } from './first-data';
import { pageFrom, type PageComponent } from './page-module';
import { hasValidIds } from './route-validation';

export type LayoutName = 'default' | 'simple' | 'admin' | 'none';

export interface AppRoute {
  name: RouteName;
  /** Guard names of spec §6, decided by core's `decideRoute`. */
  guards: string[];
  /** The permission the `permission` guard checks. */
  permission?: string;
  layout: LayoutName;
  /** The page title (its key a literal, like every translation key). */
  title: Label;
  /** The page module; a route without one renders the 404 screen once its guards pass. */
  page?: PageComponent;
  /** Validity check of the route's params; failing it is a fatal 404 'Page Not Found: {path}'. */
  validate?: (params: Params) => boolean;
}

const staticPages = () => import('@/features/static-pages/static-pages');
const demoPages = () => import('@/features/demo/demo-pages');
const accountPages = () => import('@/features/auth/account-pages');
const catalogPages = () => import('@/features/catalog/pages');
// The two pages most visits start on, each with the data it asks for first (`./preload-page`).
// The home page is part of the shell (`vite.config.ts`): imported here, not fetched on use.
const homePage = () => Promise.resolve(homeModule);
const bookDetailPage = () => import('@/features/catalog/book-detail-page');
const libraryPages = () => import('@/features/library/library-pages');
const consoleCatalogPages = () => import('@/features/console-catalog/pages');
const consoleChapterPages = () => import('@/features/console-chapters/pages');
const consoleTransferPages = () => import('@/features/console-transfer/pages');
const consoleFilePages = () => import('@/features/console-files/pages');
const membershipPages = () => import('@/features/membership/pages');
const downloadsPages = () => import('@/features/downloads/pages');
const consoleOrderPages = () => import('@/features/console-orders/pages');

const r = (name: RouteName, title: Label, options: Partial<Omit<AppRoute, 'name' | 'title'>> = {}): AppRoute => ({
  name,
  title,
  guards: [],
  layout: patterns[name].startsWith('/admin') ? 'admin' : 'default',
  ...(patterns[name].includes(':') ? { validate: hasValidIds } : {}),
  ...options,
});

const guest = { guards: ['guest'], layout: 'none' as const };
const auth = { guards: ['auth'] };
/**
 * A console page: for administrators and for users whose role holds `permission` (an editor
 * holds manage:books); the spec's `admin` or `admin-auth` guard, plus that permission.
 */
const consolePage = (permission: string, guard: 'admin' | 'admin-auth' = 'admin') => ({
  guards: [guard, 'permission'],
  permission,
});
const books = consolePage('manage:books');
const system = consolePage('manage:system', 'admin-auth');
const users = consolePage('manage:users', 'admin-auth');
const analytics = consolePage('view:analytics', 'admin-auth');
const promotions = consolePage('manage:promotions');

export const routeTable: AppRoute[] = [
  // Public
  r('home', (t) => t('app.routes.home'), { page: pageFrom(homePage, 'CatalogHomePage', prefetchHomePage) }),
  r('help', (t) => t('app.routes.help'), { page: pageFrom(staticPages, 'HelpPage') }),
  r('about', (t) => t('app.routes.about'), { page: pageFrom(staticPages, 'AboutPage') }),
  r('terms', (t) => t('app.routes.terms'), { page: pageFrom(staticPages, 'TermsPage') }),
  r('privacy', (t) => t('app.routes.privacy'), { page: pageFrom(staticPages, 'PrivacyPage') }),
  r('copyright', (t) => t('app.routes.copyright'), { page: pageFrom(staticPages, 'CopyrightPage') }),
  r('contact', (t) => t('app.routes.contact'), {
    page: pageFrom(() => import('@/features/contact/contact-page'), 'ContactPage'),
  }),
  r('feedback', (t) => t('app.routes.feedback'), {
    page: pageFrom(() => import('@/features/feedback/feedback-page'), 'FeedbackPage'),
  }),
  r('search', (t) => t('app.routes.search'), {
    page: pageFrom(() => import('@/features/search/search-page'), 'SearchPage'),
  }),
  r('categories', (t) => t('app.routes.categories'), { page: pageFrom(catalogPages, 'CategoriesPage') }),
  r('books', (t) => t('app.routes.books'), { page: pageFrom(catalogPages, 'BooksPage') }),
  r('bookDetail', (t) => t('app.routes.bookDetail'), {
    page: pageFrom(bookDetailPage, 'BookDetailPage', prefetchBookDetailPage),
  }),
  r('author', (t) => t('app.routes.author'), {
    page: pageFrom(() => import('@/features/people/pages'), 'AuthorPage'),
  }),
  r('narrator', (t) => t('app.routes.narrator'), {
    page: pageFrom(() => import('@/features/people/pages'), 'NarratorPage'),
  }),
  r('chapter', (t) => t('app.routes.chapter'), { page: pageFrom(catalogPages, 'ChapterPage') }),
  r('limitedFree', (t) => t('app.routes.limitedFree'), { page: pageFrom(catalogPages, 'LimitedFreePage') }),
  r('recommendations', (t) => t('app.routes.recommendations'), { page: pageFrom(catalogPages, 'RecommendationsPage') }),
  r('subscription', (t) => t('app.routes.subscription'), { page: pageFrom(membershipPages, 'SubscriptionPage') }),
  r('premium', (t) => t('app.routes.premium'), { page: pageFrom(membershipPages, 'PremiumPage') }),
  r('premiumDownloads', (t) => t('app.routes.premiumDownloads'), {
    guards: ['premium'],
    page: pageFrom(downloadsPages, 'DownloadsPage'),
  }),
  r('offline', (t) => t('app.routes.offline'), { layout: 'simple', page: pageFrom(downloadsPages, 'OfflinePage') }),
  r('paymentFailed', (t) => t('app.routes.paymentFailed'), {
    layout: 'simple',
    page: pageFrom(membershipPages, 'PaymentFailedPage'),
  }),
  // Guest only
  r('login', (t) => t('app.routes.login'), { ...guest, page: pageFrom(accountPages, 'LoginPage') }),
  r('register', (t) => t('app.routes.register'), { ...guest, page: pageFrom(accountPages, 'RegisterPage') }),
  r('loginNew', (t) => t('app.routes.login'), { ...guest, page: pageFrom(accountPages, 'LoginPage') }),
  r('registerNew', (t) => t('app.routes.register'), { ...guest, page: pageFrom(accountPages, 'RegisterPage') }),
  // Signed in
  r('history', (t) => t('app.routes.history'), { ...auth, page: pageFrom(libraryPages, 'HistoryPage') }),
  r('playHistory', (t) => t('app.routes.playHistory'), { ...auth, page: pageFrom(libraryPages, 'HistoryPage') }),
  r('settings', (t) => t('app.routes.settings'), { ...auth, page: pageFrom(accountPages, 'SettingsPage') }),
  r('bookshelf', (t) => t('app.routes.bookshelf'), { ...auth, page: pageFrom(libraryPages, 'BookshelfPage') }),
  r('downloads', (t) => t('app.routes.downloads'), { ...auth, page: pageFrom(downloadsPages, 'DownloadsPage') }),
  r('favorites', (t) => t('app.routes.favorites'), { ...auth, page: pageFrom(libraryPages, 'FavoritesPage') }),
  r('paymentSuccess', (t) => t('app.routes.paymentSuccess'), {
    ...auth,
    layout: 'simple',
    page: pageFrom(membershipPages, 'PaymentSuccessPage'),
  }),
  r('profile', (t) => t('app.routes.profile'), { ...auth, page: pageFrom(accountPages, 'ProfilePage') }),
  r('profilePurchases', (t) => t('app.routes.profilePurchases'), {
    ...auth,
    page: pageFrom(membershipPages, 'ProfilePurchasesPage'),
  }),
  r('profileMembership', (t) => t('app.routes.profileMembership'), {
    ...auth,
    page: pageFrom(membershipPages, 'ProfileMembershipPage'),
  }),
  r('profileSubscription', (t) => t('app.routes.profileSubscription'), {
    ...auth,
    page: pageFrom(membershipPages, 'ProfileSubscriptionPage'),
  }),
  // Admin
  r('admin', (t) => t('app.routes.admin'), {
    guards: ['auth', 'admin'],
    page: pageFrom(() => import('@/features/console-dashboard/pages'), 'AdminDashboardPage'),
  }),
  r('adminUsers', (t) => t('app.routes.adminUsers'), users),
  r('adminUserRoles', (t) => t('app.routes.adminRoles'), users),
  r('adminBooks', (t) => t('app.routes.adminBooks'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminBooksPage'),
  }),
  r('adminBookCreate', (t) => t('app.routes.adminBookCreate'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminBookCreatePage'),
  }),
  r('adminBookEdit', (t) => t('app.routes.adminBookEdit'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminBookEditPage'),
  }),
  r('adminBookChapters', (t) => t('app.routes.adminBookChapters'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminBookChaptersPage'),
  }),
  r('adminBookChapterCreate', (t) => t('app.routes.adminChapterCreate'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminBookChapterCreatePage'),
  }),
  r('adminBookChapterAnalytics', (t) => t('app.routes.adminChapterAnalytics'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminBookChapterAnalyticsPage'),
  }),
  r('adminBookChapterBatchCreate', (t) => t('app.routes.adminChapterBatchCreate'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminBookChapterBatchCreatePage'),
  }),
  r('adminBookChapterEdit', (t) => t('app.routes.adminChapterEdit'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminBookChapterEditPage'),
  }),
  r('adminChapters', (t) => t('app.routes.adminChapters'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminChaptersPage'),
  }),
  r('adminChapterEdit', (t) => t('app.routes.adminChapterEdit'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminChapterEditPage'),
  }),
  r('adminCategories', (t) => t('app.routes.adminCategories'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminCategoriesPage'),
  }),
  r('adminCategoryCreate', (t) => t('app.routes.adminCategoryCreate'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminCategoryCreatePage'),
  }),
  r('adminCategoryEdit', (t) => t('app.routes.adminCategoryEdit'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminCategoryEditPage'),
  }),
  r('adminCategoryBooks', (t) => t('app.routes.adminCategoryBooks'), {
    ...books,
    page: pageFrom(consoleCatalogPages, 'AdminCategoryBooksPage'),
  }),
  r('adminPermissions', (t) => t('app.routes.adminPermissions'), auth),
  r('adminRoles', (t) => t('app.routes.adminRoles'), auth),
  r('adminRolesIndexNew', (t) => t('app.routes.adminRoles'), auth),
  r('adminRolePermissions', (t) => t('app.routes.adminRolePermissions'), auth),
  r('adminLogs', (t) => t('app.routes.adminLogs'), system),
  r('adminAccessLogs', (t) => t('app.routes.adminAccessLogs'), system),
  r('adminSecurity', (t) => t('app.routes.adminSecurity'), system),
  r('adminSettings', (t) => t('app.routes.adminSettings'), system),
  r('adminAnalytics', (t) => t('app.routes.adminAnalytics'), analytics),
  r('adminSearchAnalytics', (t) => t('app.routes.adminSearchAnalytics'), analytics),
  r('adminReports', (t) => t('app.routes.adminReports'), system),
  r('adminResources', (t) => t('app.routes.adminResources'), {
    ...books,
    page: pageFrom(consoleFilePages, 'AdminResourcesPage'),
  }),
  // Spec §6 names these two by permission alone.
  r('adminFiles', (t) => t('app.routes.adminFiles'), {
    guards: ['auth', 'permission'],
    permission: 'manage:books',
    page: pageFrom(consoleFilePages, 'AdminFilesPage'),
  }),
  r('adminStorage', (t) => t('app.routes.adminStorage'), {
    guards: ['auth', 'permission'],
    permission: 'manage:system',
    page: pageFrom(consoleFilePages, 'AdminStoragePage'),
  }),
  r('adminExport', (t) => t('app.routes.adminExport'), {
    ...books,
    page: pageFrom(consoleTransferPages, 'AdminExportPage'),
  }),
  r('adminUpload', (t) => t('app.routes.adminUpload'), {
    ...books,
    page: pageFrom(consoleChapterPages, 'AdminUploadPage'),
  }),
  r('adminPromotions', (t) => t('app.routes.adminPromotions'), promotions),
  r('adminLimitedFree', (t) => t('app.routes.adminLimitedFree'), promotions),
  r('adminAdsSettings', (t) => t('app.routes.adminAdsSettings'), system),
  r('adminDataImport', (t) => t('app.routes.adminDataImport'), {
    ...books,
    page: pageFrom(consoleTransferPages, 'AdminDataImportPage'),
  }),
  r('adminOrders', (t) => t('app.routes.adminOrders'), {
    ...consolePage('manage:orders'),
    page: pageFrom(consoleOrderPages, 'AdminOrdersPage'),
  }),
  r('adminPlans', (t) => t('app.routes.adminPlans'), {
    ...consolePage('manage:orders'),
    page: pageFrom(consoleOrderPages, 'AdminPlansPage'),
  }),
  // Demo and test pages
  r('demoI18n', (t) => t('app.routes.demoI18n'), { page: pageFrom(demoPages, 'I18nDemoPage') }),
  r('demoAudioPlayer', (t) => t('app.routes.demoAudioPlayer'), {
    page: pageFrom(() => import('@/features/player/demo-audio-page'), 'DemoAudioPage'),
  }),
  r('demoTimezoneFormat', (t) => t('app.routes.demoTimezoneFormat'), {
    page: pageFrom(demoPages, 'TimezoneFormatDemoPage'),
  }),
  r('demoLanguageSwitcher', (t) => t('app.routes.demoLanguageSwitcher'), {
    page: pageFrom(demoPages, 'LanguageSwitcherDemoPage'),
  }),
  r('testAudio', (t) => t('app.routes.testAudio'), {
    page: pageFrom(() => import('@/features/player/demo-audio-page'), 'DemoAudioPage'),
  }),
];
