/**
 * The browser's history as a small store: the current location, navigation (push, replace, back
 * and forward), blockers that can hold a navigation until the user decides, and scroll positions
 * per history entry so Back returns to where the reader was.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Position of the entry in this tab's history; stored in history.state. */
  index: number;
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

type Blocker = {
  when: (args: { currentLocation: Location; nextLocation: Location }) => boolean;
  onBlocked: (held: Blocked) => void;
};

const SCROLL_KEY = 'scroll-positions';
const listeners = new Set<(t: Transition) => void>();
const blockers = new Set<Blocker>();
let scroll: Record<number, number> = {};
let current: Location;
// A popstate caused by our own history.go() while undoing a blocked Back/Forward.
let ignoreNextPop = false;
// The history index of a Back/Forward the user let through after a blocker held it.
let allowedPop: number | undefined;
let started = false;

const readLocation = (index: number): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  index,
});

function start() {
  if (started) return;
  started = true;
  const index = typeof window.history.state?.index === 'number' ? window.history.state.index : 0;
  window.history.replaceState({ ...window.history.state, index }, '');
  current = readLocation(index);
  window.history.scrollRestoration = 'manual';
  try {
    scroll = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}');
  } catch {
    scroll = {};
  }
  window.addEventListener('pagehide', () => {
    scroll[current.index] = window.scrollY;
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify(scroll));
    } catch {
      // Storage full or disabled: positions are only lost for a reload.
    }
  });
  window.addEventListener('popstate', onPopState);
}

export function currentLocation(): Location {
  start();
  return current;
}

/** Calls back after every navigation; returns the unsubscribe function. */
export function listen(listener: (t: Transition) => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers a blocker; returns the function that removes it. */
export function addBlocker(blocker: Blocker): () => void {
  blockers.add(blocker);
  return () => blockers.delete(blocker);
}

/** The saved scroll position of a history entry, if the reader has been there before. */
export const savedScroll = (index: number): number | undefined => scroll[index];

function isBlocked(next: Location, proceed: () => void): boolean {
  for (const b of blockers) {
    if (b.when({ currentLocation: current, nextLocation: next })) {
      b.onBlocked({ proceed });
      return true;
    }
  }
  return false;
}

function commit(location: Location, action: Action, preventScrollReset = false) {
  scroll[current.index] = window.scrollY;
  current = location;
  for (const l of listeners) l({ location, action, preventScrollReset });
}

/** Goes to a path of this site (absolute, or relative to the current address). */
export function navigate(to: string, opts: NavigateOptions = {}, force = false) {
  start();
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const href = url.pathname + url.search + url.hash;
  // Following a link to the page already shown replaces the entry rather than stacking a copy.
  const replace =
    opts.replace || href === window.location.pathname + window.location.search + window.location.hash;
  const index = replace ? current.index : current.index + 1;
  const next: Location = { pathname: url.pathname, search: url.search, hash: url.hash, index };
  if (!force && isBlocked(next, () => navigate(to, opts, true))) return;
  if (replace) window.history.replaceState({ index }, '', href);
  else window.history.pushState({ index }, '', href);
  commit(next, replace ? 'replace' : 'push', opts.preventScrollReset);
}

function onPopState(event: PopStateEvent) {
  if (ignoreNextPop) {
    ignoreNextPop = false;
    return;
  }
  const index = typeof event.state?.index === 'number' ? event.state.index : 0;
  const next = readLocation(index);
  const delta = index - current.index;
  const proceed = () => {
    allowedPop = index;
    window.history.go(delta);
  };
  if (allowedPop === index) {
    allowedPop = undefined;
  } else if (delta !== 0 && isBlocked(next, proceed)) {
    // The address has already changed: step back to the page being guarded until the user decides.
    ignoreNextPop = true;
    window.history.go(-delta);
    return;
  }
  commit(next, 'pop');
}
