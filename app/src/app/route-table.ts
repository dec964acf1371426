// The one route table: every route of spec §2 with its guards, layout, title key and (where built) its page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Params } from 'react-router';
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
  titleKey: string;
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

const r = (
  name: RouteName,
  titleKey: string,
  options: Partial<Omit<AppRoute, 'name' | 'titleKey'>> = {},
): AppRoute => ({
  name,
  titleKey,
  guards: [],
  layout: patterns[name].startsWith('/admin') ? 'admin' : 'default',
  ...(patterns[name].includes(':') ? { validate: hasValidIds } : {}),
  ...options,
});

const guest = { guards: ['guest'], layout: 'none' as const };
const auth = { guards: ['auth'] };
const admin = { guards: ['admin'] };
const adminAuth = { guards: ['admin-auth'] };

export const routeTable: AppRoute[] = [
  // Public
  r('home', 'app.routes.home', { page: named(catalogPages, 'CatalogHomePage') }),
  r('help', 'app.routes.help', { page: named(staticPages, 'HelpPage') }),
  r('about', 'app.routes.about', { page: named(staticPages, 'AboutPage') }),
  r('terms', 'app.routes.terms', { page: named(staticPages, 'TermsPage') }),
  r('privacy', 'app.routes.privacy', { page: named(staticPages, 'PrivacyPage') }),
  r('copyright', 'app.routes.copyright', { page: named(staticPages, 'CopyrightPage') }),
  r('contact', 'app.routes.contact', { page: named(() => import('@/features/contact/contact-page'), 'ContactPage') }),
  r('feedback', 'app.routes.feedback', {
    page: named(() => import('@/features/feedback/feedback-page'), 'FeedbackPage'),
  }),
  r('search', 'app.routes.search', { page: named(() => import('@/features/search/search-page'), 'SearchPage') }),
  r('categories', 'app.routes.categories', { page: named(catalogPages, 'CategoriesPage') }),
  r('books', 'app.routes.books', { page: named(catalogPages, 'BooksPage') }),
  r('bookDetail', 'app.routes.bookDetail', { page: named(catalogPages, 'BookDetailPage') }),
  r('chapter', 'app.routes.chapter', { page: named(catalogPages, 'ChapterPage') }),
  r('limitedFree', 'app.routes.limitedFree', { page: named(catalogPages, 'LimitedFreePage') }),
  r('recommendations', 'app.routes.recommendations', { page: named(catalogPages, 'RecommendationsPage') }),
  r('subscription', 'app.routes.subscription'),
  r('premium', 'app.routes.premium'),
  r('premiumDownloads', 'app.routes.premiumDownloads', { guards: ['premium'] }),
  r('offline', 'app.routes.offline', { layout: 'simple' }),
  r('paymentFailed', 'app.routes.paymentFailed', { layout: 'simple' }),
  // Guest only
  r('login', 'app.routes.login', { ...guest, page: named(accountPages, 'LoginPage') }),
  r('register', 'app.routes.register', { ...guest, page: named(accountPages, 'RegisterPage') }),
  r('loginNew', 'app.routes.login', { ...guest, page: named(accountPages, 'LoginPage') }),
  r('registerNew', 'app.routes.register', { ...guest, page: named(accountPages, 'RegisterPage') }),
  // Signed in
  r('history', 'app.routes.history', { ...auth, page: named(libraryPages, 'HistoryPage') }),
  r('playHistory', 'app.routes.playHistory', { ...auth, page: named(libraryPages, 'HistoryPage') }),
  r('settings', 'app.routes.settings', { ...auth, page: named(accountPages, 'SettingsPage') }),
  r('bookshelf', 'app.routes.bookshelf', { ...auth, page: named(libraryPages, 'BookshelfPage') }),
  r('downloads', 'app.routes.downloads', auth),
  r('favorites', 'app.routes.favorites', { ...auth, page: named(libraryPages, 'FavoritesPage') }),
  r('paymentSuccess', 'app.routes.paymentSuccess', { ...auth, layout: 'simple' }),
  r('profile', 'app.routes.profile', { ...auth, page: named(accountPages, 'ProfilePage') }),
  r('profilePurchases', 'app.routes.profilePurchases', auth),
  r('profileMembership', 'app.routes.profileMembership', auth),
  r('profileSubscription', 'app.routes.profileSubscription', auth),
  // Admin
  r('admin', 'app.routes.admin', { guards: ['auth', 'admin'] }),
  r('adminUsers', 'app.routes.adminUsers', adminAuth),
  r('adminUserRoles', 'app.routes.adminRoles', adminAuth),
  r('adminBooks', 'app.routes.adminBooks', admin),
  r('adminBookCreate', 'app.routes.adminBookCreate', admin),
  r('adminBookEdit', 'app.routes.adminBookEdit', admin),
  r('adminBookChapters', 'app.routes.adminBookChapters', admin),
  r('adminBookChapterCreate', 'app.routes.adminChapterCreate', admin),
  r('adminBookChapterAnalytics', 'app.routes.adminChapterAnalytics', admin),
  r('adminBookChapterBatchCreate', 'app.routes.adminChapterBatchCreate', admin),
  r('adminBookChapterEdit', 'app.routes.adminChapterEdit', admin),
  r('adminChapters', 'app.routes.adminChapters', admin),
  r('adminChapterEdit', 'app.routes.adminChapterEdit', admin),
  r('adminCategories', 'app.routes.adminCategories', admin),
  r('adminCategoryCreate', 'app.routes.adminCategoryCreate', admin),
  r('adminCategoryEdit', 'app.routes.adminCategoryEdit', admin),
  r('adminCategoryBooks', 'app.routes.adminCategoryBooks', admin),
  r('adminPermissions', 'app.routes.adminPermissions', auth),
  r('adminRoles', 'app.routes.adminRoles', auth),
  r('adminRolesIndexNew', 'app.routes.adminRoles', auth),
  r('adminRolePermissions', 'app.routes.adminRolePermissions', auth),
  r('adminLogs', 'app.routes.adminLogs', adminAuth),
  r('adminAccessLogs', 'app.routes.adminAccessLogs', adminAuth),
  r('adminSecurity', 'app.routes.adminSecurity', adminAuth),
  r('adminSettings', 'app.routes.adminSettings', adminAuth),
  r('adminAnalytics', 'app.routes.adminAnalytics', adminAuth),
  r('adminSearchAnalytics', 'app.routes.adminSearchAnalytics', adminAuth),
  r('adminReports', 'app.routes.adminReports', adminAuth),
  r('adminResources', 'app.routes.adminResources', admin),
  r('adminFiles', 'app.routes.adminFiles', { guards: ['auth', 'permission'], permission: 'manage:books' }),
  r('adminStorage', 'app.routes.adminStorage', { guards: ['auth', 'permission'], permission: 'manage:system' }),
  r('adminExport', 'app.routes.adminExport', admin),
  r('adminUpload', 'app.routes.adminUpload', admin),
  r('adminPromotions', 'app.routes.adminPromotions', admin),
  r('adminLimitedFree', 'app.routes.adminLimitedFree', admin),
  r('adminAdsSettings', 'app.routes.adminAdsSettings', admin),
  r('adminDataImport', 'app.routes.adminDataImport', admin),
  // Demo and test pages
  r('demoI18n', 'app.routes.demoI18n', { page: named(demoPages, 'I18nDemoPage') }),
  r('demoAudioPlayer', 'app.routes.demoAudioPlayer', {
    page: named(() => import('@/features/player/demo-audio-page'), 'DemoAudioPage'),
  }),
  r('demoTimezoneFormat', 'app.routes.demoTimezoneFormat', { page: named(demoPages, 'TimezoneFormatDemoPage') }),
  r('demoLanguageSwitcher', 'app.routes.demoLanguageSwitcher', {
    page: named(demoPages, 'LanguageSwitcherDemoPage'),
  }),
  r('testAudio', 'app.routes.testAudio', {
    page: named(() => import('@/features/player/demo-audio-page'), 'DemoAudioPage'),
  }),
];
