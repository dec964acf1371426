// What a user did: the latest orders (amount in their own currency), purchases, and how much they
// listened (hours, books, the last book played).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import type { AdminUserDetail, Currency } from '@/lib/api/types';
import { Time, useUserFormat } from './format';
import { labelOf, ORDER_STATE_LABEL } from './labels';

export function ListeningSummary({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const { num } = useUserFormat();
  const headingId = useId();
  const { listening } = user;
  return (
    <section className="user-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.listening.title')}</h2>
      <dl className="user-facts">
        <div>
          <dt>{t('console.users.listening.hours')}</dt>
          <dd>{num(listening.hours)}</dd>
        </div>
        <div>
          <dt>{t('console.users.listening.books')}</dt>
          <dd>{num(listening.books)}</dd>
        </div>
        <div>
          <dt>{t('console.users.listening.lastPlayed')}</dt>
          <dd>
            {listening.lastPlayedAt == null ? (
              '—'
            ) : (
              <>
                {listening.lastBookTitle} <Time ms={listening.lastPlayedAt} />
              </>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function OrdersSection({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const { money } = useUserFormat();
  const headingId = useId();
  const columns: Column[] = [
    { key: 'id', heading: t('console.users.orders.id') },
    { key: 'item', heading: t('console.users.orders.item') },
    { key: 'amount', heading: t('console.users.orders.amount'), numeric: true },
    { key: 'state', heading: t('console.users.orders.state') },
    { key: 'created', heading: t('console.users.orders.created') },
  ];
  return (
    <section className="user-section user-section--wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.orders.title')}</h2>
      {user.orders.length === 0 ? (
        <p className="console-sub">{t('console.users.orders.empty')}</p>
      ) : (
        <ConsoleTable label={t('console.users.orders.title')} columns={columns}>
          {user.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label={t('console.users.orders.id')}>
                #{order.id}
              </th>
              <td data-label={t('console.users.orders.item')}>{order.title}</td>
              <td className="console-num" data-label={t('console.users.orders.amount')}>
                {money(order.amount, order.currency as Currency)} {order.currency}
              </td>
              <td data-label={t('console.users.orders.state')}>{labelOf(ORDER_STATE_LABEL, order.state, t)}</td>
              <td data-label={t('console.users.orders.created')}>
                <Time ms={order.createdAt} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

export function PurchasesSection({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  return (
    <section className="user-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.purchases.title')}</h2>
      {user.purchases.length === 0 ? (
        <p className="console-sub">{t('console.users.purchases.empty')}</p>
      ) : (
        <ul className="user-purchases">
          {user.purchases.map((purchase) => (
            <li key={purchase.id}>
              {purchase.title || '—'} <Time ms={purchase.createdAt} />
              {purchase.orderId == null ? (
                <span className="console-sub">{t('console.users.purchases.granted')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
