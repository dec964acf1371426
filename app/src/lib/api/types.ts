// The API's types by name: aliases of the schemas generated from the server's OpenAPI document
// (`schema.d.ts`, made by `make api-types`), so a contract change breaks the code that relies on it.
import type { components, paths } from './schema';

type Schemas = components['schemas'];

/** A path of the API as the contract spells it, e.g. `/api/books/{id}`. */
export type ApiPath = keyof paths;

type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The methods the contract defines on a path. */
export type ApiMethod<P extends ApiPath> = {
  [M in HttpMethod]: paths[P][M] extends undefined ? never : M;
}[HttpMethod];

type OkJson<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** `data` of an operation's 200 answer: `ApiData<'/api/books/{id}', 'get'>` is a `BookDetail`. */
export type ApiData<P extends ApiPath, M extends ApiMethod<P>> =
  OkJson<paths[P][M]> extends { data: infer Data } ? Data : never;

/** The fields every paged list answer carries besides its items (`total`, `page`, `pageSize`). */
type Paging = Omit<ApiData<'/api/books', 'get'>, 'items'>;
/** A paged list answer `{items, total, page, pageSize}`, for code generic over the item. */
export type Page<T> = Paging & { items: T[] };
/** An unpaged list answer `{items}`, for code generic over the item. */
export type Items<T> = Omit<ApiData<'/api/tags', 'get'>, 'items'> & { items: T[] };

// Catalogue
export type BookAccess = Schemas['BookAccess'];
export type BookStatus = Schemas['BookStatus'];
export type BookSummary = Schemas['BookSummary'];
export type BookDetail = Schemas['BookDetail'];
export type ChapterAccessKind = Schemas['ChapterAccessKind'];
export type ChapterSummary = Schemas['ChapterSummary'];
export type ChapterDetail = Schemas['ChapterDetail'];
export type CategoryNode = Schemas['CategoryNode'];
export type TagCount = Schemas['TagCount'];
export type ReasonKind = Schemas['ReasonKind'];
export type Recommendation = Schemas['Recommendation'];
export type SearchPage = Schemas['SearchPage'];
export type SearchItem = Schemas['SearchItem'];
/** What a guest's first requests of the home page or a book's page answer, sent in the page's HTML. */
export type FirstData = Schemas['FirstData'];

// Ratings and reviews, and the people behind books
export type MyRating = Schemas['MyRating'];
export type BookRating = Schemas['BookRating'];
export type RatingSaved = Schemas['RatingSaved'];
export type Review = Schemas['Review'];
export type Reviewer = Schemas['Reviewer'];
/** The body of `PUT /api/books/{id}/rating`. */
export type RatingInput = Schemas['ValidateReviewInput'];
/** `GET /api/authors/{id}` and `GET /api/narrators/{id}`. */
export type PersonPage = Schemas['PersonPage'];

// The listener's library
export type ShelfItem = Schemas['ShelfItem'];
export type HistoryItem = Schemas['HistoryItem'];
export type Progress = Schemas['Progress'];
export type ProgressBody = Schemas['ProgressBody'];

// Accounts
export type UserView = Schemas['UserView'];
export type Tokens = Schemas['Tokens'];
export type SignedIn = Schemas['SignedIn'];
export type LoginInput = Schemas['LoginInput'];
export type LogoutRequest = Schemas['LogoutRequest'];
export type RefreshRequest = Schemas['RefreshRequest'];
export type RegistrationRequest = Schemas['RegistrationRequest'];
export type ProfileRequest = Schemas['ProfileRequest'];
export type PasswordChangeRequest = Schemas['PasswordChangeRequest'];

// Feedback and errors
export type FeedbackInput = Schemas['FeedbackInput'];
/** The body every failing endpoint answers with. */
export type ErrorBody = Schemas['Error'];

// The console's catalogue (administrators and editors, permission manage:books)
export type AdminBook = Schemas['AdminBook'];
export type AdminBookRow = Schemas['AdminBookRow'];
export type AdminCategory = Schemas['AdminCategory'];
export type BulkAction = Schemas['BulkAction'];
export type BulkRequest = Schemas['BulkRequest'];
export type BulkResult = Schemas['BulkResult'];
/** The body of `POST /api/admin/books` and `PUT /api/admin/books/{id}`. */
export type BookInput = Schemas['ValidateBookInput'];
/** The body of `POST /api/admin/categories` and `PUT /api/admin/categories/{id}`. */
export type CategoryInput = Schemas['ValidateCategoryInput'];

// The console's chapters and uploads
export type AdminChapter = Schemas['AdminChapter'];
export type AdminChapterList = Schemas['AdminChapterList'];
export type AdminChapterRow = Schemas['AdminChapterRow'];
export type ChapterBook = Schemas['ChapterBook'];
export type ChapterBulk = Schemas['ChapterBulk'];
export type ChapterBulkAction = Schemas['ChapterBulkAction'];
export type ChapterFigures = Schemas['ChapterFigures'];
/** The body of `POST /api/admin/books/{id}/chapters` and `PUT /api/admin/chapters/{id}`. */
export type ChapterInput = Schemas['ValidateChapterInput'];
export type AssetView = Schemas['AssetView'];
export type UploadKind = Schemas['UploadKind'];
export type UploadView = Schemas['UploadView'];

// The console's dashboard, stored files and storage
export type Dashboard = Schemas['Dashboard'];
export type RecentChange = Schemas['RecentChange'];
export type AdminFile = Schemas['AdminFile'];
export type FileChapterUse = Schemas['FileChapterUse'];
export type FileBookUse = Schemas['FileBookUse'];
/** The body of `PUT /api/admin/books/{id}/cover`. */
export type CoverRequest = Schemas['CoverRequest'];
export type StorageKind = Schemas['StorageKind'];
export type StorageSummary = Schemas['StorageSummary'];
export type KindTotal = Schemas['KindTotal'];
export type StorageCheck = Schemas['StorageCheck'];
export type StorageCleanup = Schemas['StorageCleanup'];
export type StoredObjectView = Schemas['StoredObjectView'];
export type MissingObject = Schemas['MissingObject'];

// Membership, orders and payments
export type Currency = Schemas['Currency'];
/** A price in each currency's minor unit (a book's, a chapter's or a plan's). */
export type Price = Schemas['Price'];
export type PlanView = Schemas['PlanView'];
export type OrderKind = Schemas['OrderKind'];
export type OrderState = Schemas['OrderState'];
export type OrderView = Schemas['OrderView'];
export type MembershipView = Schemas['MembershipView'];
/** The body of `POST /api/orders`. */
export type CreateOrder = Schemas['CreateOrder'];
/** The body of `PUT /api/me/subscription`. */
export type AutoRenew = Schemas['AutoRenew'];

// Premium offline downloads
export type DownloadGrant = Schemas['DownloadGrant'];
export type DownloadItem = Schemas['DownloadItem'];
/** The body of `POST /api/me/downloads`. */
export type DownloadRequest = Schemas['DownloadRequest'];

// The console's orders and plans (permission manage:orders)
export type AdminOrder = Schemas['AdminOrder'];
export type OrderEventView = Schemas['OrderEventView'];
/** The body of `PUT /api/admin/plans/{id}`. */
export type PlanInput = Schemas['PlanInput'];
/** The body of `POST /api/admin/orders/{id}/refund`. */
export type RefundInput = Schemas['RefundInput'];

// The console's analytics (view:analytics), report and feedback inbox (manage:system)
export type AnalyticsOverview = Schemas['AnalyticsOverview'];
export type SearchAnalytics = Schemas['SearchAnalytics'];
export type VisitorAnalytics = Schemas['VisitorAnalytics'];
export type QueryLine = Schemas['QueryLine'];
export type PeriodReport = Schemas['PeriodReport'];
export type AdminFeedback = Schemas['AdminFeedback'];
/** The body of `POST /api/admin/feedback/{id}/reply`. */
export type FeedbackReplyInput = Schemas['ValidateFeedbackReplyInput'];

// The console's users (permission manage:users)
export type AdminUserRow = Schemas['AdminUserRow'];
export type AdminUserDetail = Schemas['AdminUserDetail'];
export type AdminSession = Schemas['AdminSession'];
export type PremiumKind = Schemas['PremiumKind'];
export type PasswordResetLink = Schemas['PasswordResetLink'];
/** The body of `POST` and `DELETE /api/admin/users/{id}/membership`. */
export type MembershipChangeInput = Schemas['ValidateMembershipChangeInput'];
/** The body of `POST /api/auth/password-reset`. */
export type PasswordResetRequest = Schemas['PasswordResetRequest'];

// The console's roles and permissions (permission manage:users)
export type AdminRole = Schemas['AdminRole'];
export type AdminPermission = Schemas['AdminPermission'];
/** One of core's permissions (`manage:books`, …). */
export type Permission = Schemas['Permission'];
/** The body of `POST /api/admin/roles` and `PUT /api/admin/roles/{id}`. */
export type RoleInput = Schemas['ValidateRoleInput'];
/** The body of `PATCH /api/admin/roles/{id}/permissions`. */
export type PermissionChanges = Schemas['PermissionChanges'];

// What listeners are offered and the site's settings (manage:promotions, manage:system)
/** `GET /api/site`: the public settings and the ads running now. */
export type SiteInfo = Schemas['SiteInfo'];
export type PublicAd = Schemas['PublicAd'];
export type AdSlot = Schemas['AdSlot'];
export type SiteSettings = Schemas['SiteSettings'];
/** The body of `PUT /api/admin/settings`. */
export type SiteSettingsInput = Schemas['ValidateSiteSettingsInput'];
export type AdminCampaign = Schemas['AdminCampaign'];
export type CampaignStatus = Schemas['CampaignStatus'];
/** The body of `POST /api/admin/promotions` and `PUT /api/admin/promotions/{id}`. */
export type CampaignInput = Schemas['ValidateCampaignInput'];
export type AdminAd = Schemas['AdminAd'];
/** The body of `POST /api/admin/ads` and `PUT /api/admin/ads/{id}`. */
export type AdInput = Schemas['ValidateAdInput'];
