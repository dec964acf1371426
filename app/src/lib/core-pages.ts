// The shared product rules only some pages need (account and console forms, profile, settings, demos):
// the `pages` wasm build of `core/`, fetched with those pages' code, never by the first load.
export {
  allowedTimezones,
  chapterFromFileName,
  formatDate,
  formatFileSize,
  formatSmartTime,
  isPremium,
  premiumStatus,
  reviewLength,
  safeExternalUrl,
  safeRedirect,
  validateBook,
  validateCategory,
  validateChapter,
  validatePasswordChange,
  validatePrices,
  validateProfileUpdate,
  validateRegistration,
  validateReview,
  validateTimezone,
} from 'tingshu-wasm-pages';
