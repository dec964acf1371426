// How the offers pages write and read instants, all in the operator's display zone (core's rules):
// lists through core's formatter in the page's language, `datetime-local` fields through core's
// `dateTimeInputText` and `dateTimeInputInstant`, so a form reads and writes the times its list shows.
import { useCurrentUser } from '@/features/auth/use-auth';
import { dateTimeInputInstant, dateTimeInputText, formatSmartTime } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';

export function useWhen() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return (timestampMs: number) => formatSmartTime({ timestampMs, nowMs: Date.now(), lang, timezone });
}

/** A `datetime-local` field's text of an instant, and the instant of its text (null when blank or unreadable: core's form rule then says why). */
export function useDateTimeInput() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return {
    toText: (timestampMs: number | null | undefined) =>
      dateTimeInputText({ timestampMs: timestampMs ?? null, timezone, lang }),
    toInstant: (text: string) => dateTimeInputInstant({ text, timezone, lang }) ?? null,
  };
}
