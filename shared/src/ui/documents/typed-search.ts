import { useEffect, useState } from 'react';

/**
 * What is typed in a search box (`typed`, shown at once) and the query sent to the server (`q`, once typing pauses
 * for `delayMs`). Clearing it (after a pick) clears the query at once, so no search is left pending.
 */
export function useTypedSearch(delayMs: number) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    if (!typed) {
      setQ('');
      return;
    }
    const t = setTimeout(() => setQ(typed), delayMs);
    return () => clearTimeout(t);
  }, [typed, delayMs]);
  return { typed, setTyped, q };
}
