// The one route table: every route of spec §2 with its guards, layout, title and (where built) its page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Params } from 'react-router';
import type { Label } from '@/lib/i18n';
import { patterns, type RouteName } from '@/lib/paths';
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
  page?: LazyExoticComponent<ComponentType>;
  /** Validity check of the route's params; failing it is a fatal 404 'Page Not Found: {path}'. */
  validate?: (params: Params) => boolean;
}

function named<M, K extends keyof M>(load: () => Promise<M>, key: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[key] as ComponentType })));
}

const staticPages = () => import('@/features/static-pages/static-pages');
const demoPages = () => import('@/features/demo/demo-pages');
const accountPages = () => import('@/features/auth/account-pages');
const catalogPages = () => import('@/features/catalog/pages');
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
  r('home', (t) => t('app.routes.home'), { page: named(catalogPages, 'CatalogHomePage') }),
  r('help', (t) => t('app.routes.help'), { page: named(staticPages, 'HelpPage') }),
  r('about', (t) => t('app.routes.about'), { page: named(staticPages, 'AboutPage') }),
  r('terms', (t) => t('app.routes.terms'), { page: named(staticPages, 'TermsPage') }),
  r('privacy', (t) => t('app.routes.privacy'), { page: named(staticPages, 'PrivacyPage') }),
  r('copyright', (t) => t('app.routes.copyright'), { page: named(staticPages, 'CopyrightPage') }),
  r('contact', (t) => t('app.routes.contact'), {
    page: named(() => import('@/features/contact/contact-page'), 'ContactPage'),
  }),
  r('feedback', (t) => t('app.routes.feedback'), {
    page: named(() => import('@/features/feedback/feedback-page'), 'FeedbackPage'),
  }),
  r('search', (t) => t('app.routes.search'), {
    page: named(() => import('@/features/search/search-page'), 'SearchPage'),
  }),
  r('categories', (t) => t('app.routes.categories'), { page: named(catalogPages, 'CategoriesPage') }),
  r('books', (t) => t('app.routes.books'), { page: named(catalogPages, 'BooksPage') }),
  r('bookDetail', (t) => t('app.routes.bookDetail'), { page: named(catalogPages, 'BookDetailPage') }),
  r('chapter', (t) => t('app.routes.chapter'), { page: named(catalogPages, 'ChapterPage') }),
  r('limitedFree', (t) => t('app.routes.limitedFree'), { page: named(catalogPages, 'LimitedFreePage') }),
  r('recommendations', (t) => t('app.routes.recommendations'), { page: named(catalogPages, 'RecommendationsPage') }),
  r('subscription', (t) => t('app.routes.subscription'), { page: named(membershipPages, 'SubscriptionPage') }),
  r('premium', (t) => t('app.routes.premium'), { page: named(membershipPages, 'PremiumPage') }),
  r('premiumDownloads', (t) => t('app.routes.premiumDownloads'), {
    guards: ['premium'],
    page: named(downloadsPages, 'DownloadsPage'),
  }),
  r('offline', (t) => t('app.routes.offline'), { layout: 'simple' }),
  r('paymentFailed', (t) => t('app.routes.paymentFailed'), {
    layout: 'simple',
    page: named(membershipPages, 'PaymentFailedPage'),
  }),
  // Guest only
  r('login', (t) => t('app.routes.login'), { ...guest, page: named(accountPages, 'LoginPage') }),
  r('register', (t) => t('app.routes.register'), { ...guest, page: named(accountPages, 'RegisterPage') }),
  r('loginNew', (t) => t('app.routes.login'), { ...guest, page: named(accountPages, 'LoginPage') }),
  r('registerNew', (t) => t('app.routes.register'), { ...guest, page: named(accountPages, 'RegisterPage') }),
  // Signed in
  r('history', (t) => t('app.routes.history'), { ...auth, page: named(libraryPages, 'HistoryPage') }),
  r('playHistory', (t) => t('app.routes.playHistory'), { ...auth, page: named(libraryPages, 'HistoryPage') }),
  r('settings', (t) => t('app.routes.settings'), { ...auth, page: named(accountPages, 'SettingsPage') }),
  r('bookshelf', (t) => t('app.routes.bookshelf'), { ...auth, page: named(libraryPages, 'BookshelfPage') }),
  r('downloads', (t) => t('app.routes.downloads'), { ...auth, page: named(downloadsPages, 'DownloadsPage') }),
  r('favorites', (t) => t('app.routes.favorites'), { ...auth, page: named(libraryPages, 'FavoritesPage') }),
  r('paymentSuccess', (t) => t('app.routes.paymentSuccess'), {
    ...auth,
    layout: 'simple',
    page: named(membershipPages, 'PaymentSuccessPage'),
  }),
  r('profile', (t) => t('app.routes.profile'), { ...auth, page: named(accountPages, 'ProfilePage') }),
  r('profilePurchases', (t) => t('app.routes.profilePurchases'), {
    ...auth,
    page: named(membershipPages, 'ProfilePurchasesPage'),
  }),
  r('profileMembership', (t) => t('app.routes.profileMembership'), {
    ...auth,
    page: named(membershipPages, 'ProfileMembershipPage'),
  }),
  r('profileSubscription', (t) => t('app.routes.profileSubscription'), {
    ...auth,
    page: named(membershipPages, 'ProfileSubscriptionPage'),
  }),
  // Admin
  r('admin', (t) => t('app.routes.admin'), {
    guards: ['auth', 'admin'],
    page: named(() => import('@/features/console-dashboard/pages'), 'AdminDashboardPage'),
  }),
  r('adminUsers', (t) => t('app.routes.adminUsers'), users),
  r('adminUserRoles', (t) => t('app.routes.adminRoles'), users),
  r('adminBooks', (t) => t('app.routes.adminBooks'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminBooksPage'),
  }),
  r('adminBookCreate', (t) => t('app.routes.adminBookCreate'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminBookCreatePage'),
  }),
  r('adminBookEdit', (t) => t('app.routes.adminBookEdit'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminBookEditPage'),
  }),
  r('adminBookChapters', (t) => t('app.routes.adminBookChapters'), {
    ...books,
    page: named(consoleChapterPages, 'AdminBookChaptersPage'),
  }),
  r('adminBookChapterCreate', (t) => t('app.routes.adminChapterCreate'), {
    ...books,
    page: named(consoleChapterPages, 'AdminBookChapterCreatePage'),
  }),
  r('adminBookChapterAnalytics', (t) => t('app.routes.adminChapterAnalytics'), {
    ...books,
    page: named(consoleChapterPages, 'AdminBookChapterAnalyticsPage'),
  }),
  r('adminBookChapterBatchCreate', (t) => t('app.routes.adminChapterBatchCreate'), {
    ...books,
    page: named(consoleChapterPages, 'AdminBookChapterBatchCreatePage'),
  }),
  r('adminBookChapterEdit', (t) => t('app.routes.adminChapterEdit'), {
    ...books,
    page: named(consoleChapterPages, 'AdminBookChapterEditPage'),
  }),
  r('adminChapters', (t) => t('app.routes.adminChapters'), {
    ...books,
    page: named(consoleChapterPages, 'AdminChaptersPage'),
  }),
  r('adminChapterEdit', (t) => t('app.routes.adminChapterEdit'), {
    ...books,
    page: named(consoleChapterPages, 'AdminChapterEditPage'),
  }),
  r('adminCategories', (t) => t('app.routes.adminCategories'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminCategoriesPage'),
  }),
  r('adminCategoryCreate', (t) => t('app.routes.adminCategoryCreate'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminCategoryCreatePage'),
  }),
  r('adminCategoryEdit', (t) => t('app.routes.adminCategoryEdit'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminCategoryEditPage'),
  }),
  r('adminCategoryBooks', (t) => t('app.routes.adminCategoryBooks'), {
    ...books,
    page: named(consoleCatalogPages, 'AdminCategoryBooksPage'),
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
    page: named(consoleFilePages, 'AdminResourcesPage'),
  }),
  // Spec §6 names these two by permission alone.
  r('adminFiles', (t) => t('app.routes.adminFiles'), {
    guards: ['auth', 'permission'],
    permission: 'manage:books',
    page: named(consoleFilePages, 'AdminFilesPage'),
  }),
  r('adminStorage', (t) => t('app.routes.adminStorage'), {
    guards: ['auth', 'permission'],
    permission: 'manage:system',
    page: named(consoleFilePages, 'AdminStoragePage'),
  }),
  r('adminExport', (t) => t('app.routes.adminExport'), {
    ...books,
    page: named(consoleTransferPages, 'AdminExportPage'),
  }),
  r('adminUpload', (t) => t('app.routes.adminUpload'), {
    ...books,
    page: named(consoleChapterPages, 'AdminUploadPage'),
  }),
  r('adminPromotions', (t) => t('app.routes.adminPromotions'), promotions),
  r('adminLimitedFree', (t) => t('app.routes.adminLimitedFree'), promotions),
  r('adminAdsSettings', (t) => t('app.routes.adminAdsSettings'), system),
  r('adminDataImport', (t) => t('app.routes.adminDataImport'), {
    ...books,
    page: named(consoleTransferPages, 'AdminDataImportPage'),
  }),
  r('adminOrders', (t) => t('app.routes.adminOrders'), {
    ...consolePage('manage:orders'),
    page: named(consoleOrderPages, 'AdminOrdersPage'),
  }),
  r('adminPlans', (t) => t('app.routes.adminPlans'), {
    ...consolePage('manage:orders'),
    page: named(consoleOrderPages, 'AdminPlansPage'),
  }),
  // Demo and test pages
  r('demoI18n', (t) => t('app.routes.demoI18n'), { page: named(demoPages, 'I18nDemoPage') }),
  r('demoAudioPlayer', (t) => t('app.routes.demoAudioPlayer'), {
    page: named(() => import('@/features/player/demo-audio-page'), 'DemoAudioPage'),
  }),
  r('demoTimezoneFormat', (t) => t('app.routes.demoTimezoneFormat'), {
    page: named(demoPages, 'TimezoneFormatDemoPage'),
  }),
  r('demoLanguageSwitcher', (t) => t('app.routes.demoLanguageSwitcher'), {
    page: named(demoPages, 'LanguageSwitcherDemoPage'),
  }),
  r('testAudio', (t) => t('app.routes.testAudio'), {
    page: named(() => import('@/features/player/demo-audio-page'), 'DemoAudioPage'),
  }),
];
