// A user's sessions: each signed-in device (the server's name for it, the raw agent as its title)
// with its address and times, open ones revocable one by one or all at once (signed out on their
// next request).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import type { AdminUserDetail } from '@/lib/api/types';
import { Time } from './format';
import { useUserAction } from './queries';
import { usersApi } from './users-api';
import { useRun } from './use-run';

export function SessionsSection({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  const run = useRun();
  const revokeOne = useUserAction(user.id, (sessionId: string) => usersApi.revokeSession(user.id, sessionId));
  const revokeAll = useUserAction(user.id, () => usersApi.revokeSessions(user.id));
  const open = user.sessions.filter((session) => session.revokedAt == null);
  const columns: Column[] = [
    { key: 'device', heading: t('console.users.sessions.device') },
    { key: 'ip', heading: t('console.users.sessions.ip') },
    { key: 'created', heading: t('console.users.sessions.created') },
    { key: 'lastSeen', heading: t('console.users.sessions.lastSeen') },
    { key: 'state', heading: t('console.users.sessions.state') },
    { key: 'action', heading: t('console.users.sessions.action') },
  ];

  return (
    <section className="user-section user-section--wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.sessions.title')}</h2>
      {user.sessions.length === 0 ? (
        <p className="console-sub">{t('console.users.sessions.empty')}</p>
      ) : (
        <ConsoleTable label={t('console.users.sessions.title')} columns={columns}>
          {user.sessions.map((session) => (
            <tr key={session.id} data-testid={`session-${session.id}`}>
              <th scope="row" data-label={t('console.users.sessions.device')}>
                <span className="session-device" title={session.userAgent ?? undefined}>
                  {session.device ?? t('console.users.sessions.unknownDevice')}
                </span>
                {session.device == null && session.userAgent ? (
                  <span className="console-sub session-agent">{session.userAgent}</span>
                ) : null}
              </th>
              <td data-label={t('console.users.sessions.ip')}>{session.ip ?? '—'}</td>
              <td data-label={t('console.users.sessions.created')}>
                <Time ms={session.createdAt} />
              </td>
              <td data-label={t('console.users.sessions.lastSeen')}>
                <Time ms={session.lastSeenAt} />
              </td>
              <td data-label={t('console.users.sessions.state')}>
                {session.revokedAt == null ? (
                  <>
                    {t('console.users.sessions.openUntil')} <Time ms={session.expiresAt} />
                  </>
                ) : (
                  <>
                    {t('console.users.sessions.revoked')} <Time ms={session.revokedAt} />
                    {session.revokedReason ? <span className="console-sub">{session.revokedReason}</span> : null}
                  </>
                )}
              </td>
              <td data-label={t('console.users.sessions.action')}>
                {session.revokedAt == null ? (
                  <ConfirmButton
                    testId={`revoke-${session.id}`}
                    label={t('console.users.sessions.revoke')}
                    title={t('console.users.sessions.revokeTitle')}
                    disabled={revokeOne.isPending}
                    onConfirm={() =>
                      run(() => revokeOne.mutateAsync(session.id), t('console.users.sessions.revokedOne'))
                    }
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <div className="console-actions">
        <ConfirmButton
          className="button console-danger"
          testId="revoke-all"
          label={t('console.users.sessions.revokeAll')}
          title={t('console.users.sessions.revokeAllTitle', { name: user.username })}
          disabled={open.length === 0 || revokeAll.isPending}
          onConfirm={() => run(() => revokeAll.mutateAsync(undefined), t('console.users.sessions.revokedAll'))}
        />
      </div>
    </section>
  );
}
