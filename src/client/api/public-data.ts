import { createContext, use, useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, api, type PublicRead, whileOnItsWay } from './http.ts';

/*
 * The public pages' data (home, articles, article, prospects, profile, search): public API answers,
 * each kept by its path under /api. A page the server rendered hands its answers over with it, so
 * the page is hydrated from them and asks for none again; later pages ask for theirs as they are
 * drawn. This is all the public pages need to read, and it is small enough for their first load:
 * the tools, admin and account screens, which also write, load TanStack Query with their own code
 * (lib/query-client.ts). Decision 026.
 */

/** An answer as kept: its data, or why it failed (then the data of an earlier answer, if any). */
export interface Kept {
  data?: unknown;
  error?: unknown;
  at: number;
}

const FRESH_MS = 30_000;
/** At most this many answers are kept; the oldest go first. */
const KEEP = 100;

/** How a store asks for the answer kept under `key`: by default a GET of the path `key` under /api. */
export type Asker = (key: string) => Promise<unknown>;
const getPath: Asker = (path) => api<unknown>(path);

/**
 * Asks for an answer; a failure that is not an answer (a network or server failure) is asked again
 * once, a second later. The wait counts as a call on its way, so scroll restoring waits for it.
 */
const ask = (key: string, call: Asker): Promise<unknown> =>
  whileOnItsWay(async () => {
    try {
      return await call(key);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) throw error;
      await new Promise((r) => setTimeout(r, 1000));
      return call(key);
    }
  });

/** A 4xx the same question would get again: not a time-out (408) or a limit (429). */
const isRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

export class PublicData {
  readonly #kept = new Map<string, Kept>();
  readonly #asking = new Set<string>();
  readonly #listeners = new Set<() => void>();
  readonly #call: Asker;

  /** `call` asks for an answer by its key (a tool's POST reads key theirs by request). */
  constructor(call: Asker = getPath) {
    this.#call = call;
  }

  #tell(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Keeps an answer (the page's own, or one just received) or the failure in its place. */
  put(path: string, outcome: { data: unknown } | { error: unknown }): void {
    this.#kept.delete(path);
    this.#kept.set(path, { ...outcome, at: Date.now() });
    if (this.#kept.size > KEEP) this.#kept.delete(this.#kept.keys().next().value!);
    this.#tell();
  }

  get = (path: string): Kept | undefined => this.#kept.get(path);

  /** Whether the answer at `path` is being asked for. */
  asking = (path: string): boolean => this.#asking.has(path);

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * Asks for the answer at `path`, unless a fresh one is here or on its way. A refusal that asking
   * again would repeat ("not found", a bad query) is an answer too; a failure (the network, a 5xx,
   * a time-out or a limit's 429) is asked again.
   */
  load(path: string, fresh = FRESH_MS): void {
    const kept = this.#kept.get(path);
    const answered = kept && (kept.error === undefined || isRefusal(kept.error));
    if (this.#asking.has(path) || (answered && Date.now() - kept.at < fresh)) return;
    this.#asking.add(path);
    this.#tell();
    const done = (outcome: { data: unknown } | { data: unknown; error: unknown }) => {
      this.#asking.delete(path);
      this.put(path, outcome);
    };
    ask(path, this.#call).then(
      (data) => done({ data }),
      (error) => done({ data: kept?.data, error }),
    );
  }

  /** Every answer is asked for again when next shown (a change in the admin panel may show in any). */
  retire(): void {
    for (const kept of this.#kept.values()) kept.at = 0;
  }
}

export const PublicDataContext = createContext<PublicData | null>(null);

export function usePublicDataStore(): PublicData {
  const store = use(PublicDataContext);
  if (!store) throw new Error('usePublicData is used outside <PublicDataContext>');
  return store;
}

/**
 * A public answer for a component: kept ones at once (on the server and while hydrating too), else
 * asked for once the component is drawn; `data` is undefined until it arrives.
 */
export function usePublicData<T>(read: PublicRead<T>): {
  data: T | undefined;
  error: unknown;
  isError: boolean;
} {
  const store = usePublicDataStore();
  const { path, fresh, keepPrevious = false, enabled = true } = read;
  const get = () => store.get(path);
  const kept = useSyncExternalStore(store.subscribe, get, get);
  const missing = kept === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again for an answer that was dropped
  useEffect(() => {
    if (enabled) store.load(path, fresh);
  }, [store, path, fresh, enabled, missing]);
  const previous = useRef<unknown>(undefined);
  if (kept?.data !== undefined) previous.current = kept.data;
  const data = kept ? kept.data : keepPrevious && enabled ? previous.current : undefined;
  return { data: data as T | undefined, error: kept?.error, isError: kept?.error !== undefined };
}
