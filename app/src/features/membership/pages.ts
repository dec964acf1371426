// The membership and payment pages (plans, upgrade, payment results, the profile's purchases,
// membership and subscription), loaded together by the route table.
export { SubscriptionPage } from './subscription-page';
export { PremiumPage } from './premium-page';
export { PaymentSuccessPage } from './payment-success-page';
export { PaymentFailedPage } from './payment-failed-page';
export { ProfilePurchasesPage } from './profile-purchases-page';
export { ProfileMembershipPage } from './profile-membership-page';
export { ProfileSubscriptionPage } from './profile-subscription-page';
