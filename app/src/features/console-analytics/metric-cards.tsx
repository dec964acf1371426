// A period's figures as cards: each its value now and its change against the period before.
import { useTranslation } from 'react-i18next';
import { useAnalyticsFormat } from './format';

export function MetricCards<Key extends string>({
  metrics,
  current,
  previous,
  testIdPrefix,
}: {
  /** Each card's label and the key of its figure. */
  metrics: [string, Key][];
  current: Record<Key, number>;
  previous: Record<Key, number>;
  /** The cards' `data-testid` is this and the key. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation('console');
  const { num, change } = useAnalyticsFormat();
  return (
    <dl className="analytics-cards">
      {metrics.map(([label, key]) => (
        <div key={key} className="analytics-card" data-testid={`${testIdPrefix}${key}`}>
          <dt>{label}</dt>
          <dd className="analytics-card__value">{num(current[key])}</dd>
          <dd className="analytics-card__change">
            {change(current[key], previous[key])} · {t('console.analytics.before', { value: num(previous[key]) })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
