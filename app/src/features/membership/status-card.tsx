// The viewer's membership line at the top of the plan pages, with the way to the details (or to sign in).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { detourPath } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import type { ViewerMembership } from './use-premium-status';

export function StatusCard({ membership }: { membership: ViewerMembership }) {
  const { t } = useTranslation('shop');
  const { fullPath } = useLang();
  const id = useId();
  const { status, signedIn } = membership;
  return (
    <section className="shop-status card" aria-labelledby={id}>
      <h2 id={id} className="shop-status__label">
        {t('shop.status.heading')}
      </h2>
      <p className="shop-status__text" data-testid="membership-status" data-kind={status.kind}>
        {status.text}
      </p>
      {signedIn ? (
        <LocalizedLink to={pathTo('profileMembership')}>{t('shop.status.details')}</LocalizedLink>
      ) : (
        <LocalizedLink to={detourPath({ path: fullPath, to: 'signIn' })}>{t('shop.status.signIn')}</LocalizedLink>
      )}
    </section>
  );
}
