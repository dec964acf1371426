// The one route table: every route of spec §2 with its guards, layout, title and (where built) its page.
import type { Params } from 'react-router';
import * as homeModule from '@/features/catalog/home-page';
import type { Label } from '@/lib/i18n';
import { patterns, type RouteName } from '@/lib/paths';
import {
  prefetchBookDetailPage,
  prefetchBooksPage,
  prefetchCategoriesPage,
  prefetchHomePage,
  prefetchLimitedFreePage,
  prefetchRecommendationsPage,
} from './first-data';
import { pageFrom, type PageComponent } from './page-module';
import { hasValidIds } from './route-validation';

export type LayoutName = 'default' | 'simple' | 'admin' | 'none';

export interface AppRoute {
  name: RouteName;
  /** Guard names of spec §6, decided by core's `decideRoute`. */
  guards: string[];
  /** The permission the `permission` guard checks. */
  permission?: string;
  /**
   * The permission the page's data needs where its guards ask less (spec §6 guards the role and
   * permission pages with `auth` alone, but what they manage is the users'): the page is refused
   * without it by core's `permission` guard, as the server refuses its data. Only on routes without
   * a `permission` guard of their own.
   */
  manages?: string;
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
// Sign-in on its own: it asks no rule of core's `pages` build, which the other account pages wait for.
const loginPages = () => import('@/features/auth/login-page');
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
const consoleOfferPages = () => import('@/features/console-offers/pages');
const consoleAnalyticsPages = () => import('@/features/console-analytics/pages');
const consoleRolePages = () => import('@/features/console-roles/pages');
const consoleLogPages = () => import('@/features/console-logs/pages');
const consoleUserPages = () => import('@/features/console-users/pages');

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
/** `access` with the page `name` of the module `pages` loads. */
const withPage = <M>(access: Partial<AppRoute>, pages: () => Promise<M>, name: keyof M) => ({
  ...access,
  page: pageFrom(pages, name),
});
const books = consolePage('manage:books');
const system = consolePage('manage:system', 'admin-auth');
const users = consolePage('manage:users', 'admin-auth');
/** Spec §6: the role and permission pages' route asks only `auth`; their data is the users'. */
const rolePages = { ...auth, manages: 'manage:users' };
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
  r('categories', (t) => t('app.routes.categories'), {
    page: pageFrom(catalogPages, 'CategoriesPage', prefetchCategoriesPage),
  }),
  r('books', (t) => t('app.routes.books'), { page: pageFrom(catalogPages, 'BooksPage', prefetchBooksPage) }),
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
  r('limitedFree', (t) => t('app.routes.limitedFree'), {
    page: pageFrom(catalogPages, 'LimitedFreePage', prefetchLimitedFreePage),
  }),
  r('recommendations', (t) => t('app.routes.recommendations'), {
    page: pageFrom(catalogPages, 'RecommendationsPage', prefetchRecommendationsPage),
  }),
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
  r('login', (t) => t('app.routes.login'), withPage(guest, loginPages, 'LoginPage')),
  r('register', (t) => t('app.routes.register'), withPage(guest, accountPages, 'RegisterPage')),
  r('loginNew', (t) => t('app.routes.login'), withPage(guest, loginPages, 'LoginPage')),
  r('registerNew', (t) => t('app.routes.register'), withPage(guest, accountPages, 'RegisterPage')),
  // Anyone with a reset link (signed in elsewhere or not), framed like the guest pages
  r('resetPassword', (t) => t('app.routes.resetPassword'), {
    layout: 'none',
    page: pageFrom(accountPages, 'ResetPasswordPage'),
  }),
  // Signed in
  r('history', (t) => t('app.routes.history'), withPage(auth, libraryPages, 'HistoryPage')),
  r('playHistory', (t) => t('app.routes.playHistory'), withPage(auth, libraryPages, 'HistoryPage')),
  r('settings', (t) => t('app.routes.settings'), withPage(auth, accountPages, 'SettingsPage')),
  r('bookshelf', (t) => t('app.routes.bookshelf'), withPage(auth, libraryPages, 'BookshelfPage')),
  r('downloads', (t) => t('app.routes.downloads'), withPage(auth, downloadsPages, 'DownloadsPage')),
  r('favorites', (t) => t('app.routes.favorites'), withPage(auth, libraryPages, 'FavoritesPage')),
  r('paymentSuccess', (t) => t('app.routes.paymentSuccess'), {
    ...auth,
    layout: 'simple',
    page: pageFrom(membershipPages, 'PaymentSuccessPage'),
  }),
  r('profile', (t) => t('app.routes.profile'), withPage(auth, accountPages, 'ProfilePage')),
  r(
    'profilePurchases',
    (t) => t('app.routes.profilePurchases'),
    withPage(auth, membershipPages, 'ProfilePurchasesPage'),
  ),
  r(
    'profileMembership',
    (t) => t('app.routes.profileMembership'),
    withPage(auth, membershipPages, 'ProfileMembershipPage'),
  ),
  r(
    'profileSubscription',
    (t) => t('app.routes.profileSubscription'),
    withPage(auth, membershipPages, 'ProfileSubscriptionPage'),
  ),
  // Admin
  r('admin', (t) => t('console.routes.admin', { ns: 'console' }), {
    guards: ['auth', 'admin'],
    page: pageFrom(() => import('@/features/console-dashboard/pages'), 'AdminDashboardPage'),
  }),
  r(
    'adminUsers',
    (t) => t('console.routes.adminUsers', { ns: 'console' }),
    withPage(users, consoleUserPages, 'AdminUsersPage'),
  ),
  r(
    'adminUserDetail',
    (t) => t('console.routes.adminUserDetail', { ns: 'console' }),
    withPage(users, consoleUserPages, 'AdminUserDetailPage'),
  ),
  r(
    'adminUserRoles',
    (t) => t('console.routes.adminRoles', { ns: 'console' }),
    withPage(users, consoleRolePages, 'AdminRolesPage'),
  ),
  r(
    'adminBooks',
    (t) => t('console.routes.adminBooks', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminBooksPage'),
  ),
  r(
    'adminBookCreate',
    (t) => t('console.routes.adminBookCreate', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminBookCreatePage'),
  ),
  r(
    'adminBookEdit',
    (t) => t('console.routes.adminBookEdit', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminBookEditPage'),
  ),
  r(
    'adminBookChapters',
    (t) => t('console.routes.adminBookChapters', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminBookChaptersPage'),
  ),
  r(
    'adminBookChapterCreate',
    (t) => t('console.routes.adminChapterCreate', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminBookChapterCreatePage'),
  ),
  r(
    'adminBookChapterAnalytics',
    (t) => t('console.routes.adminChapterAnalytics', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminBookChapterAnalyticsPage'),
  ),
  r(
    'adminBookChapterBatchCreate',
    (t) => t('console.routes.adminChapterBatchCreate', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminBookChapterBatchCreatePage'),
  ),
  r(
    'adminBookChapterEdit',
    (t) => t('console.routes.adminChapterEdit', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminBookChapterEditPage'),
  ),
  r(
    'adminChapters',
    (t) => t('console.routes.adminChapters', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminChaptersPage'),
  ),
  r(
    'adminChapterEdit',
    (t) => t('console.routes.adminChapterEdit', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminChapterEditPage'),
  ),
  r(
    'adminCategories',
    (t) => t('console.routes.adminCategories', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminCategoriesPage'),
  ),
  r(
    'adminCategoryCreate',
    (t) => t('console.routes.adminCategoryCreate', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminCategoryCreatePage'),
  ),
  r(
    'adminCategoryEdit',
    (t) => t('console.routes.adminCategoryEdit', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminCategoryEditPage'),
  ),
  r(
    'adminCategoryBooks',
    (t) => t('console.routes.adminCategoryBooks', { ns: 'console' }),
    withPage(books, consoleCatalogPages, 'AdminCategoryBooksPage'),
  ),
  r(
    'adminPermissions',
    (t) => t('console.routes.adminPermissions', { ns: 'console' }),
    withPage(rolePages, consoleRolePages, 'AdminPermissionsPage'),
  ),
  r(
    'adminRoles',
    (t) => t('console.routes.adminRoles', { ns: 'console' }),
    withPage(rolePages, consoleRolePages, 'AdminRolesPage'),
  ),
  r(
    'adminRolesIndexNew',
    (t) => t('console.routes.adminRoles', { ns: 'console' }),
    withPage(rolePages, consoleRolePages, 'AdminRoleCreatePage'),
  ),
  r(
    'adminRolePermissions',
    (t) => t('console.routes.adminRolePermissions', { ns: 'console' }),
    withPage(rolePages, consoleRolePages, 'AdminRolePermissionsPage'),
  ),
  r(
    'adminLogs',
    (t) => t('console.routes.adminLogs', { ns: 'console' }),
    withPage(system, consoleLogPages, 'AdminLogsPage'),
  ),
  r(
    'adminAccessLogs',
    (t) => t('console.routes.adminAccessLogs', { ns: 'console' }),
    withPage(system, consoleLogPages, 'AdminAccessLogsPage'),
  ),
  r(
    'adminSecurity',
    (t) => t('console.routes.adminSecurity', { ns: 'console' }),
    withPage(system, consoleLogPages, 'AdminSecurityPage'),
  ),
  r(
    'adminSettings',
    (t) => t('console.routes.adminSettings', { ns: 'console' }),
    withPage(system, consoleOfferPages, 'AdminSettingsPage'),
  ),
  r(
    'adminAnalytics',
    (t) => t('console.routes.adminAnalytics', { ns: 'console' }),
    withPage(analytics, consoleAnalyticsPages, 'AdminAnalyticsPage'),
  ),
  r(
    'adminSearchAnalytics',
    (t) => t('console.routes.adminSearchAnalytics', { ns: 'console' }),
    withPage(analytics, consoleAnalyticsPages, 'AdminSearchAnalyticsPage'),
  ),
  r(
    'adminReports',
    (t) => t('console.routes.adminReports', { ns: 'console' }),
    withPage(system, consoleAnalyticsPages, 'AdminReportsPage'),
  ),
  r(
    'adminResources',
    (t) => t('console.routes.adminResources', { ns: 'console' }),
    withPage(books, consoleFilePages, 'AdminResourcesPage'),
  ),
  // Spec §6 names these two by permission alone.
  r('adminFiles', (t) => t('console.routes.adminFiles', { ns: 'console' }), {
    guards: ['auth', 'permission'],
    permission: 'manage:books',
    page: pageFrom(consoleFilePages, 'AdminFilesPage'),
  }),
  r('adminStorage', (t) => t('console.routes.adminStorage', { ns: 'console' }), {
    guards: ['auth', 'permission'],
    permission: 'manage:system',
    page: pageFrom(consoleFilePages, 'AdminStoragePage'),
  }),
  r(
    'adminExport',
    (t) => t('console.routes.adminExport', { ns: 'console' }),
    withPage(books, consoleTransferPages, 'AdminExportPage'),
  ),
  r(
    'adminUpload',
    (t) => t('console.routes.adminUpload', { ns: 'console' }),
    withPage(books, consoleChapterPages, 'AdminUploadPage'),
  ),
  r(
    'adminPromotions',
    (t) => t('console.routes.adminPromotions', { ns: 'console' }),
    withPage(promotions, consoleOfferPages, 'AdminPromotionsPage'),
  ),
  r(
    'adminLimitedFree',
    (t) => t('console.routes.adminLimitedFree', { ns: 'console' }),
    withPage(promotions, consoleOfferPages, 'AdminLimitedFreePage'),
  ),
  r(
    'adminAdsSettings',
    (t) => t('console.routes.adminAdsSettings', { ns: 'console' }),
    withPage(system, consoleOfferPages, 'AdminAdsSettingsPage'),
  ),
  r(
    'adminDataImport',
    (t) => t('console.routes.adminDataImport', { ns: 'console' }),
    withPage(books, consoleTransferPages, 'AdminDataImportPage'),
  ),
  r('adminOrders', (t) => t('console.routes.adminOrders', { ns: 'console' }), {
    ...consolePage('manage:orders'),
    page: pageFrom(consoleOrderPages, 'AdminOrdersPage'),
  }),
  r('adminPlans', (t) => t('console.routes.adminPlans', { ns: 'console' }), {
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
