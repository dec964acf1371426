// A download's progress bar: the share of its bytes received so far (core's `clampProgress`),
// announced as a progress bar with its percentage.
import { clampProgress } from '@/lib/core';
import './download-progress.css';

export function DownloadProgress({
  label,
  received,
  total,
  testId,
}: {
  label: string;
  received: number;
  total: number;
  testId?: string;
}) {
  const percent = Math.floor(clampProgress({ value: total > 0 ? (received / total) * 100 : 0 }));
  return (
    <div
      className="download-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <span className="download-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
