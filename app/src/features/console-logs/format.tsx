// How the log pages write times and counts: core's formatters in the page's language and the
// operator's time zone, with the exact instant for machines (and a hover).
import { useCurrentUser } from '@/features/auth/use-auth';
import { formatNumber } from '@/lib/core';
import { formatFileSize, formatSmartTime } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';

export function useLogFormat() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return {
    num: (value: number) => formatNumber({ value, lang }),
    size: (bytes: number) => formatFileSize({ bytes, lang }),
    time: (timestampMs: number) => formatSmartTime({ timestampMs, nowMs: Date.now(), lang, timezone }),
  };
}

export function Time({ ms }: { ms: number | null | undefined }) {
  const { time } = useLogFormat();
  if (ms == null) return <>—</>;
  const instant = new Date(ms).toISOString();
  return (
    <time dateTime={instant} title={instant}>
      {time(ms)}
    </time>
  );
}

/** A day's start (`YYYY-MM-DD`, UTC) as the ms the server filters by; '' when there is none. */
export function dayStartMs(day: string): number | '' {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? '' : ms;
}

const dayMs = 86_400_000;

/** The end of a day (`YYYY-MM-DD`, UTC): the next day's start, exclusive; '' when there is none. */
export function dayEndMs(day: string): number | '' {
  const start = dayStartMs(day);
  return start === '' ? '' : start + dayMs;
}
