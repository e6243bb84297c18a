/**
 * The browser's history as a small store: the current location, navigation (push, replace, back
 * and forward), blockers that can hold a navigation until the user decides, and scroll positions
 * per history entry so Back returns to where the reader was.
 *
 * Every entry carries a unique key in history.state. Scroll positions are stored by key, and the
 * order of the keys of this tab's entries (kept in sessionStorage with the positions, so it
 * survives reloads and full page loads) tells how far a Back or Forward went, which a blocker
 * needs to undo it.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The history entry's unique key; stored in history.state. */
  key: string;
}

export type Action = 'push' | 'replace' | 'pop';

export interface NavigateOptions {
  replace?: boolean;
  /** Keep the scroll position (for changes of a page's own filters in the address). */
  preventScrollReset?: boolean;
}

export interface Transition {
  location: Location;
  action: Action;
  preventScrollReset: boolean;
}

/** A navigation held by a blocker: proceed() lets it through, and forgetting it cancels it. */
export interface Blocked {
  proceed(): void;
}

export interface Blocker {
  when: (args: { currentLocation: Location; nextLocation: Location }) => boolean;
  onBlocked: (held: Blocked) => void;
}

export interface History {
  readonly location: Location;
  /**
   * Where the first render scrolls to: the position saved for this entry when the document was
   * reloaded or reached by Back/Forward; undefined for any other load (a link, a typed address).
   */
  readonly initialScroll: number | undefined;
  /** The latest navigation since the page started, if any (for a listener that subscribes late). */
  readonly transition: Transition | undefined;
  /** Calls back after every navigation; returns the unsubscribe function. */
  listen(listener: (t: Transition) => void): () => void;
  /** Registers a blocker; returns the function that removes it. */
  block(blocker: Blocker): () => void;
  /** Goes to a path of this site (absolute, or relative to the current address). */
  navigate(to: string, opts?: NavigateOptions): void;
  /** The saved scroll position of a history entry, if the reader has been there before. */
  savedScroll(key: string): number | undefined;
  /** Stops listening to the window (the document is going away, or a test is over). */
  dispose(): void;
}

/** The sessionStorage item holding the entries' keys, their scroll positions and the last entry shown. */
export const STORAGE_KEY = 'history-entries';
/** Entries remembered per tab (browsers keep about 50); older keys and their positions are dropped. */
export const MAX_ENTRIES = 100;

interface Stored {
  keys: string[];
  scroll: Record<string, number>;
  last?: string;
}

function readStored(storage: Storage | undefined): Stored {
  try {
    const s = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(s?.keys) && s.scroll && typeof s.scroll === 'object')
      return { keys: s.keys.filter((k: unknown) => typeof k === 'string'), scroll: s.scroll, last: s.last };
  } catch {
    // Unreadable: start afresh.
  }
  return { keys: [], scroll: {} };
}

const keyOf = (state: unknown): string | undefined => {
  const key = (state as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : undefined;
};

export function createHistory(win: Window): History {
  const listeners = new Set<(t: Transition) => void>();
  const blockers = new Set<Blocker>();
  let storage: Storage | undefined;
  try {
    storage = win.sessionStorage;
  } catch {
    // Storage disabled: positions live as long as the document.
  }
  const stored = readStored(storage);
  let keys = stored.keys;
  const scroll = stored.scroll;
  // The key of a Back/Forward the user let through after a blocker held it.
  let allowed: string | undefined;

  const createKey = () => {
    let key: string;
    do key = Math.random().toString(36).slice(2, 10);
    while (keys.includes(key));
    return key;
  };
  const readLocation = (key: string): Location => ({
    pathname: win.location.pathname,
    search: win.location.search,
    hash: win.location.hash,
    key,
  });
  /** Records a new entry right after `previous`; the browser has dropped any entries that followed it. */
  const addAfter = (previous: string | undefined, key: string) => {
    const at = previous === undefined ? -1 : keys.indexOf(previous);
    keys = [...keys.slice(0, at + 1), key].slice(-MAX_ENTRIES);
  };
  /** Gives the current entry a key when it has none (a new entry: a first load, or a fragment link). */
  const keyCurrentEntry = (): string => {
    const key = createKey();
    const state = win.history.state;
    win.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), key }, '');
    return key;
  };

  let current: Location;
  let last: Transition | undefined;
  let initialScroll: number | undefined;
  {
    const key = keyOf(win.history.state);
    if (key === undefined) {
      // A new entry: it follows the one this tab showed last (the previous document's, if any).
      const fresh = keyCurrentEntry();
      addAfter(stored.last, fresh);
      current = readLocation(fresh);
    } else {
      if (!keys.includes(key)) addAfter(stored.last, key);
      current = readLocation(key);
      // A reloaded document or one reached by Back/Forward returns to where the reader was.
      const type = (win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming)
        ?.type;
      if (type === 'reload' || type === 'back_forward') initialScroll = scroll[key];
    }
  }
  win.history.scrollRestoration = 'manual';

  const save = () => {
    scroll[current.key] = win.scrollY;
    for (const k of Object.keys(scroll)) if (!keys.includes(k)) delete scroll[k];
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify({ keys, scroll, last: current.key } satisfies Stored));
    } catch {
      // Storage full or disabled: positions are only lost for a reload.
    }
  };

  const isBlocked = (next: Location, proceed: () => void): boolean => {
    for (const b of blockers) {
      if (b.when({ currentLocation: current, nextLocation: next })) {
        b.onBlocked({ proceed });
        return true;
      }
    }
    return false;
  };

  const commit = (location: Location, action: Action, preventScrollReset = false) => {
    if (action === 'replace') delete scroll[current.key];
    else scroll[current.key] = win.scrollY;
    current = location;
    last = { location, action, preventScrollReset };
    for (const l of listeners) l(last);
  };

  const navigate = (to: string, opts: NavigateOptions = {}, force = false) => {
    const url = new URL(to, win.location.href);
    if (url.origin !== win.location.origin) {
      win.location.assign(url.href);
      return;
    }
    const href = url.pathname + url.search + url.hash;
    // Following a link to the page already shown replaces the entry rather than stacking a copy.
    const replace = opts.replace || href === win.location.pathname + win.location.search + win.location.hash;
    const next: Location = { pathname: url.pathname, search: url.search, hash: url.hash, key: createKey() };
    if (!force && isBlocked(next, () => navigate(to, opts, true))) return;
    if (replace) {
      win.history.replaceState({ key: next.key }, '', href);
      const at = keys.indexOf(current.key);
      if (at >= 0) keys[at] = next.key;
      else addAfter(undefined, next.key);
    } else {
      win.history.pushState({ key: next.key }, '', href);
      addAfter(current.key, next.key);
    }
    commit(next, replace ? 'replace' : 'push', opts.preventScrollReset);
  };

  const onPopState = (event: PopStateEvent) => {
    const key = keyOf(event.state);
    // Back where we are: the step that undid a blocked Back/Forward.
    if (key === current.key) return;
    if (key === undefined) {
      // A fragment link made a new entry after the current one (the page stays, so no blocker asks).
      const fresh = keyCurrentEntry();
      addAfter(current.key, fresh);
      commit(readLocation(fresh), 'push');
      return;
    }
    const next = readLocation(key);
    const from = keys.indexOf(current.key);
    const to = keys.indexOf(key);
    if (allowed === key) {
      allowed = undefined;
    } else if (from >= 0 && to >= 0) {
      const delta = to - from;
      const proceed = () => {
        allowed = key;
        win.history.go(delta);
      };
      // The address has already changed: step back to the page being guarded until the user decides.
      if (isBlocked(next, proceed)) {
        win.history.go(-delta);
        return;
      }
    }
    // (An entry missing from the record, after storage was cleared, cannot be held, only followed.)
    commit(next, 'pop');
  };

  win.addEventListener('pagehide', save);
  win.addEventListener('popstate', onPopState);

  return {
    get location() {
      return current;
    },
    initialScroll,
    get transition() {
      return last;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block(blocker) {
      blockers.add(blocker);
      return () => blockers.delete(blocker);
    },
    navigate: (to, opts) => navigate(to, opts),
    savedScroll: (key) => scroll[key],
    dispose() {
      win.removeEventListener('pagehide', save);
      win.removeEventListener('popstate', onPopState);
    },
  };
}

let browser: History | undefined;
/** The page's own history, created on first use. */
export const browserHistory = (): History => {
  browser ??= createHistory(window);
  return browser;
};

/**
 * One address that never changes, for rendering a page on the server: nothing listens, blocks or
 * navigates there.
 */
export function staticHistory(pathname: string, search: string): History {
  const location: Location = { pathname, search, hash: '', key: 'server' };
  return {
    location,
    initialScroll: undefined,
    transition: undefined,
    listen: () => () => {},
    block: () => () => {},
    navigate: () => {},
    savedScroll: () => undefined,
    dispose: () => {},
  };
}
