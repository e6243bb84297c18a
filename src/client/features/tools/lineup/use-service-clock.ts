import { useEffect, useState } from 'react';

/**
 * MFL's clock as the page should read it: the lineup says what time it was on MFL when it was read
 * (`serviceNow` at our `receivedAt`), and the page runs on from there. Locks and game statuses use
 * it, so they agree with MFL even when the visitor's own clock is off. Ticks every `tickMs`.
 */
export function useServiceClock(serviceNow: number | undefined, receivedAt: number, tickMs = 10_000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((t) => t + 1), tickMs);
    return () => window.clearInterval(id);
  }, [tickMs]);
  const offset = serviceNow === undefined || receivedAt === 0 ? 0 : serviceNow - receivedAt;
  return Date.now() + offset;
}
