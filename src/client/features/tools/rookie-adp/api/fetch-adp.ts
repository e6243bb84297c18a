import { useEffect, useSyncExternalStore } from 'react';
import { api } from '#client/api/http.ts';
import { PublicData } from '#client/api/public-data.ts';
import type {
  AdpAnswer,
  AdpMonthsAnswer,
  AdpMonthsRequestInput,
  AdpRequestInput,
} from '#common/rookie-adp.ts';
import type { StartupAnswer, StartupRequestInput } from '#common/startup-adp.ts';

/*
 * Rookie ADP's reads are POSTs of a filter. Their answers are kept in a store of the public pages'
 * kind (decision 026), each under its path and request body, so the page's first load carries no
 * TanStack Query (decision 039).
 */

/** A key is the path under /api, a space, and the request body as JSON. */
const keyOf = (path: string, body: unknown) => `${path} ${JSON.stringify(body)}`;
const reads = new PublicData((key) => {
  const space = key.indexOf(' ');
  return api<unknown>(key.slice(0, space), { method: 'POST', body: JSON.parse(key.slice(space + 1)) });
});
/** The server keeps answers for a minute; so may the page. */
const FRESH_MS = 60_000;

/** A kept answer for a component, with what the page reads of TanStack Query's answer. */
export interface AdpRead<T> {
  data: T | undefined;
  /** Being asked for (the first time or again). */
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  /** Asks again, however fresh the answer kept. */
  refetch: () => void;
}

/**
 * The answer to a POST of `body` to `path`: asked for once drawn while enabled, and again when older
 * than a minute. A refused request keeps the server's first message as its error.
 */
function useRead<T>(path: string, body: unknown, enabled = true): AdpRead<T> {
  const key = keyOf(path, body);
  const get = () => reads.get(key);
  const kept = useSyncExternalStore(reads.subscribe, get, get);
  const asking = useSyncExternalStore(
    reads.subscribe,
    () => reads.asking(key),
    () => false,
  );
  const missing = kept === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again for an answer that was dropped
  useEffect(() => {
    if (enabled) reads.load(key, FRESH_MS);
  }, [key, enabled, missing]);
  const error = kept?.error === undefined ? null : asError(kept.error);
  return {
    data: kept?.data as T | undefined,
    // A missing answer is asked for as soon as the component is drawn: it counts as on its way.
    isFetching: asking || (enabled && missing),
    isError: error !== null,
    error,
    refetch: () => reads.load(key, 0),
  };
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/** POST /api/mfl/adp: rookie ADP for the filter. */
export function useAdp(filter: AdpRequestInput, enabled: boolean) {
  return useRead<AdpAnswer>('mfl/adp', filter, enabled);
}

/** POST /api/mfl/adp/months: one player's ADP month by month under the filter (an opened row). */
export function usePlayerMonths(request: AdpMonthsRequestInput) {
  return useRead<AdpMonthsAnswer>('mfl/adp/months', request);
}

/** POST /api/mfl/adp/startup: startup ADP (snake) or auction shares for the filter. */
export function useStartupAdp(request: StartupRequestInput, enabled: boolean) {
  return useRead<StartupAnswer>('mfl/adp/startup', request, enabled);
}
