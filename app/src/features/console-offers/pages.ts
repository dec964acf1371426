// The console's pages of what listeners are offered and the site's settings, loaded together by the route table.
export { AdminAdsSettingsPage } from './ads-page';
export { AdminLimitedFreePage } from './limited-free-page';
export { AdminPromotionsPage } from './promotions-page';
export { AdminSettingsPage } from './settings-page';
