import { useEffect, useState } from 'react';

/**
 * Whole seconds until `endsAt` (epoch ms), 0 once it has passed; null when nothing is counting. Read
 * from the clock on each tick rather than counted down, so a countdown in a background tab (whose
 * timers the browser slows) still ends on time.
 */
export function useSecondsLeft(endsAt: number | null): number | null {
  const [clock, setClock] = useState(() => ({ endsAt, now: Date.now() }));
  // A countdown that has just begun is read against the clock now, not the one read when the page
  // mounted: otherwise its first figure is too high by however long the member waited to begin.
  if (clock.endsAt !== endsAt) setClock({ endsAt, now: Date.now() });

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setClock({ endsAt, now: tick });
      if (tick >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - clock.now) / 1000));
}
