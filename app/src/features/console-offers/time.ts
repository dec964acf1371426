// How the offers pages write and read instants: core's formatter in the page's language and the
// operator's time zone; a `datetime-local` control's text and back (the browser's own clock reading).
import { useCurrentUser } from '@/features/auth/use-auth';
import { formatSmartTime } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';

export function useWhen() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return (timestampMs: number) => formatSmartTime({ timestampMs, nowMs: Date.now(), lang, timezone });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The `datetime-local` text of an instant, in this browser's time zone. */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms == null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a `datetime-local` text names (null when blank or unreadable: core then says why). */
export function fromLocalInput(text: string): number | null {
  if (!text.trim()) return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : ms;
}
