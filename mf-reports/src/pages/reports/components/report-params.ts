import { useSearchParams } from 'react-router-dom';

/** A report's filters kept in the address: `set` writes the given ones (an empty value removes it) in place. */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  return { params, set };
}
