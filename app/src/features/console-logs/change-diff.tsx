// One audit change's record before and after, side by side, field by field: the fields the server
// says changed (`changed`) are marked (a class and a word, not colour alone).
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from './logs-api';

type Record = { [field: string]: unknown };

function fieldsOf(value: unknown): Record | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record) : null;
}

function shown(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function ChangeDiff({ entry, id }: { entry: AuditEntry; id: string }) {
  const { t } = useTranslation('console');
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const changed = new Set(entry.changed);
  return (
    <div id={id} className="log-diff">
      <table className="data-table log-diff__table">
        <caption>{t('console.logs.audit.diffCaption', { action: entry.action, id: entry.entityId })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.logs.audit.field')}</th>
            <th scope="col">{t('console.logs.audit.before')}</th>
            <th scope="col">{t('console.logs.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => {
            const isChanged = changed.has(name);
            return (
              <tr key={name} className={isChanged ? 'log-diff__row--changed' : undefined} data-changed={isChanged}>
                <th scope="row">
                  {name}
                  {isChanged ? <span className="log-diff__mark">{t('console.logs.audit.changedMark')}</span> : null}
                </th>
                <td>
                  <code>{before ? shown(before[name]) : '—'}</code>
                </td>
                <td>
                  <code>{after ? shown(after[name]) : '—'}</code>
                </td>
              </tr>
            );
          })}
          {names.length === 0 ? (
            <tr>
              <td colSpan={3}>{t('console.logs.audit.noFields')}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
