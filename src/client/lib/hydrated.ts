import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true from then on (and
 * at once in a page the browser draws itself). What rests on the reader's clock or time zone is
 * drawn once it is true, so the hydrating render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
