import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a moment, ticking once a second; `restart(n)` starts a new count of n seconds. */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Each tick lands when the next whole second runs out, so the display never lags behind the clock.
    const tick = () => {
      const left = Math.max(0, endsAt - Date.now());
      setRemaining(Math.ceil(left / 1000));
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt]);

  const restart = useCallback((seconds: number) => {
    setRemaining(seconds);
    setEndsAt(Date.now() + seconds * 1000);
  }, []);

  return { remaining, restart };
}

/** 75 -> "1:15". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
