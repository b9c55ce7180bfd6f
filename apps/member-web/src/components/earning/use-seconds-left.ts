import { useEffect, useState } from 'react';

/**
 * Whole seconds until `endsAt` (epoch ms), 0 once it has passed; null when nothing is counting. Read
 * from the clock on each tick rather than counted down, so a countdown in a background tab (whose
 * timers the browser slows) still ends on time.
 */
export function useSecondsLeft(endsAt: number | null): number | null {
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}
