import type { History, Transition } from './history.ts';

/*
 * What follows a navigation once the new page is drawn: the scroll position (restored on Back,
 * Forward and reload, the top or the fragment's element otherwise), focus on the new page's main
 * heading, and the new title read out in a polite live region. A page whose data is still coming
 * is first drawn as a skeleton shorter than the page, so restoring and announcing are done again
 * once its data is there.
 */

/** The transition on screen; `load` is the document's first render. */
export type Shown = Omit<Transition, 'action'> & {
  action: Transition['action'] | 'load';
  previousPathname: string | undefined;
};

/** How long restoring waits for the page's data before it settles for what is there. */
export const SETTLE_LIMIT_MS = 3000;

type ScrollTarget = { y: number } | { id: string } | null;

function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function scrollTarget(history: History, { location, action, preventScrollReset }: Shown): ScrollTarget {
  const id = fragmentId(location.hash);
  if (action === 'load') {
    const y = history.initialScroll;
    return y !== undefined ? { y } : id ? { id } : null;
  }
  if (action === 'pop') {
    const y = history.savedScroll(location.key);
    return y !== undefined ? { y } : id ? { id } : { y: 0 };
  }
  return id ? { id } : preventScrollReset ? null : { y: 0 };
}

function scrollTo(target: ScrollTarget) {
  if (!target) return;
  if ('y' in target) window.scrollTo(0, target.y);
  else document.getElementById(target.id)?.scrollIntoView();
}

/** Scrolls as far as the page drawn so far allows (before it is painted). */
export const scrollNow = (history: History, shown: Shown) => scrollTo(scrollTarget(history, shown));

/** Moves focus to the main heading, or to main itself while the page has none. */
function focusPage() {
  const main = document.querySelector('main');
  if (!main) return;
  const active = document.activeElement;
  // A control that made the navigation and is still there (the league picker's select and arrows,
  // the search box) keeps focus; a link leads elsewhere, so focus follows it.
  if (active?.isConnected && active.matches('input, select, textarea, button')) return;
  const target = main.querySelector('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Runs after the new page's effects (so its queries have started): focuses the page, then waits
 * for its data to restore the scroll position again (following the page while it still grows) and
 * read out the title. Returns the cleanup, which abandons all that when another navigation comes.
 */
export function afterNavigation(
  history: History,
  shown: Shown,
  { whenSettled, announcer }: { whenSettled?: () => Promise<void>; announcer: HTMLElement | null },
): () => void {
  const newPage = shown.action !== 'load' && shown.location.pathname !== shown.previousPathname;
  const target = scrollTarget(history, shown);
  if (!newPage && !target) return () => {};
  if (newPage) focusPage();

  let done = false;
  let timeUp = false;
  // Once the reader scrolls, the page is theirs: a late restore would pull it away. A pointer press
  // counts too: dragging the scroll bar sends no wheel or key event.
  let scrolledByReader = false;
  const onInput = () => {
    scrolledByReader = true;
  };
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of inputs) window.addEventListener(type, onInput, { passive: true });
  let observer: ResizeObserver | undefined;
  const stopFollowing = () => {
    observer?.disconnect();
    for (const type of inputs) window.removeEventListener(type, onInput);
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  const limit = new Promise<void>((resolve) => {
    timers.push(
      setTimeout(() => {
        timeUp = true;
        stopFollowing();
        resolve();
      }, SETTLE_LIMIT_MS),
    );
  });
  const cleanup = () => {
    done = true;
    for (const t of timers) clearTimeout(t);
    stopFollowing();
  };
  void Promise.race([whenSettled?.() ?? Promise.resolve(), limit]).then(() => {
    if (done) return;
    if (!scrolledByReader) scrollTo(target);
    // The page can still grow a little later (a request made after the first answer): follow it
    // until the position is reached, the reader scrolls, or the time is up.
    const y = target && 'y' in target ? target.y : undefined;
    if (y !== undefined && !timeUp && !scrolledByReader && Math.abs(window.scrollY - y) > 1) {
      observer = new ResizeObserver(() => {
        if (!scrolledByReader) window.scrollTo(0, y);
        if (scrolledByReader || Math.abs(window.scrollY - y) <= 1) stopFollowing();
      });
      observer.observe(document.body);
    }
    if (!newPage) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === document.querySelector('main')) focusPage();
    if (announcer) {
      // Emptied first, so that a title equal to the last one is read out again.
      announcer.textContent = '';
      timers.push(
        setTimeout(() => {
          announcer.textContent = document.title;
        }, 50),
      );
    }
  });
  return cleanup;
}
