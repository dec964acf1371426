// The tabs between the profile and its purchase, membership and subscription pages.
import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/components/localized-link/localized-link';
import type { Label } from '@/lib/i18n';
import { pathTo, type RouteName } from '@/lib/paths';

const TABS = [
  { route: 'profile', label: (t) => t('shop.profileNav.profile') },
  { route: 'profilePurchases', label: (t) => t('shop.profileNav.purchases') },
  { route: 'profileMembership', label: (t) => t('shop.profileNav.membership') },
  { route: 'profileSubscription', label: (t) => t('shop.profileNav.subscription') },
] satisfies { route: RouteName; label: Label }[];

export function ProfileNav() {
  const { t } = useTranslation('shop');
  return (
    <nav className="profile-nav" aria-label={t('shop.profileNav.label')}>
      {TABS.map((tab) => (
        <LocalizedNavLink key={tab.route} className="profile-nav__link" to={pathTo(tab.route)} end>
          {tab.label(t)}
        </LocalizedNavLink>
      ))}
    </nav>
  );
}
