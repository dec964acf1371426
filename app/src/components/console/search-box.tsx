// A console list's search box: what is typed goes into `?q=` once typing rests, or at once on Enter.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

/** How long typing rests before the search goes into the address (and to the server). */
export const searchDelayMs = 300;

export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const pushed = useRef(value);
  // The address changed by other means (back button, a link): show its query.
  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setDraft(value);
    }
  }, [value]);
  useEffect(() => {
    const next = draft.trim();
    if (next === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = next;
      onSearch(next);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [draft, onSearch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pushed.current = draft.trim();
    onSearch(draft.trim());
  };
  return (
    <form role="search" className="console-search" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
      />
    </form>
  );
}
