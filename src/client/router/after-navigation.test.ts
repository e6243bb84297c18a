// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNavigation, SETTLE_LIMIT_MS, type Shown, scrollNow } from './after-navigation.ts';
import type { History } from './history.ts';

/* What follows a navigation: scroll restoring that waits for the page's data, focus, announcement. */

const history = (saved: Record<string, number>, initialScroll?: number) =>
  ({ initialScroll, savedScroll: (key: string) => saved[key] }) as unknown as History;

const shown = (over: Partial<Shown> & { pathname?: string; hash?: string; key?: string }): Shown => ({
  location: {
    pathname: over.pathname ?? '/articles',
    search: '',
    hash: over.hash ?? '',
    key: over.key ?? 'k1',
  },
  action: over.action ?? 'pop',
  preventScrollReset: over.preventScrollReset ?? false,
  previousPathname: 'previousPathname' in over ? over.previousPathname : '/elsewhere',
});

/** A promise the test settles by hand: the page's data arriving. */
function settleByHand() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { whenSettled: () => promise, settle: async () => resolve() };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
let announcer: HTMLElement;

beforeEach(() => {
  document.title = 'Articles | Dynasty Forge';
  document.body.innerHTML = '<a href="/articles" id="link">Articles</a><main id="main"></main>';
  announcer = document.createElement('div');
  document.body.append(announcer);
  window.scrollTo(0, 0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('scroll restoring', () => {
  it('restores a popped entry at once, and again once the data is there', async () => {
    const h = history({ k1: 900 });
    const s = shown({});
    scrollNow(h, s);
    expect(window.scrollY).toBe(900);
    // The skeleton was too short: the browser clamped the position.
    window.scrollTo(0, 200);
    const { whenSettled, settle } = settleByHand();
    afterNavigation(h, s, { whenSettled, announcer });
    await flush();
    expect(window.scrollY).toBe(200);
    await settle();
    await flush();
    expect(window.scrollY).toBe(900);
  });

  it('gives up waiting after a short time and restores what it can', async () => {
    vi.useFakeTimers();
    afterNavigation(history({ k1: 900 }), shown({}), { whenSettled: () => new Promise(() => {}), announcer });
    window.scrollTo(0, 200);
    await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS - 10);
    expect(window.scrollY).toBe(200);
    await vi.advanceTimersByTimeAsync(20);
    expect(window.scrollY).toBe(900);
  });

  it('leaves the page alone once the reader scrolls, or when another navigation comes first', async () => {
    // The wheel, or a press on the scroll bar (which sends no wheel event).
    for (const input of ['wheel', 'pointerdown']) {
      const first = settleByHand();
      afterNavigation(history({ k1: 900 }), shown({}), { whenSettled: first.whenSettled, announcer });
      window.scrollTo(0, 300);
      window.dispatchEvent(new Event(input));
      await first.settle();
      await flush();
      expect(window.scrollY, input).toBe(300);
    }

    const second = settleByHand();
    const cleanup = afterNavigation(history({ k1: 900 }), shown({}), {
      whenSettled: second.whenSettled,
      announcer,
    });
    cleanup();
    await second.settle();
    await flush();
    expect(window.scrollY).toBe(300);
  });

  it('on a first load restores only what the history offers (a reload), else the fragment or nothing', () => {
    window.scrollTo(0, 50);
    scrollNow(history({ k1: 900 }), shown({ action: 'load', previousPathname: undefined }));
    expect(window.scrollY).toBe(50);
    scrollNow(history({ k1: 900 }, 700), shown({ action: 'load', previousPathname: undefined }));
    expect(window.scrollY).toBe(700);

    const target = document.createElement('h2');
    target.id = 'round 2';
    document.body.append(target);
    const into = vi.spyOn(target, 'scrollIntoView');
    scrollNow(history({}), shown({ action: 'load', hash: '#round%202', previousPathname: undefined }));
    expect(into).toHaveBeenCalled();
  });

  it('goes to the top after a push, except when the page keeps its position', () => {
    window.scrollTo(0, 400);
    scrollNow(history({}), shown({ action: 'replace', preventScrollReset: true }));
    expect(window.scrollY).toBe(400);
    scrollNow(history({}), shown({ action: 'push' }));
    expect(window.scrollY).toBe(0);
  });
});

describe('focus and announcement', () => {
  it("focuses the new page's main heading and reads out the title once the data is there", async () => {
    document.querySelector('main')!.innerHTML = '<h1>Articles</h1>';
    const { whenSettled, settle } = settleByHand();
    afterNavigation(history({}), shown({ action: 'push' }), { whenSettled, announcer });
    const h1 = document.querySelector('h1')!;
    expect(document.activeElement).toBe(h1);
    expect(h1.getAttribute('tabindex')).toBe('-1');
    await settle();
    await new Promise((r) => setTimeout(r, 80));
    expect(announcer.textContent).toBe('Articles | Dynasty Forge');
  });

  it('focuses main while the heading is still coming, then the heading', async () => {
    const main = document.querySelector('main')!;
    const { whenSettled, settle } = settleByHand();
    afterNavigation(history({}), shown({ action: 'push' }), { whenSettled, announcer });
    expect(document.activeElement).toBe(main);
    main.innerHTML = '<h1>2027 Rookie Rankings</h1>';
    await settle();
    await flush();
    expect(document.activeElement).toBe(main.querySelector('h1'));
  });

  it('leaves focus on a control that made the navigation and stays', () => {
    document.querySelector('main')!.innerHTML = '<h1>Lineup</h1><button type="button">Next league</button>';
    const button = document.querySelector('button')!;
    button.focus();
    afterNavigation(history({}), shown({ action: 'push' }), { announcer });
    expect(document.activeElement).toBe(button);
  });

  it('neither focuses nor announces when only the query or fragment changed, nor on a first load', async () => {
    document.querySelector('main')!.innerHTML = '<h1>Articles</h1>';
    const link = document.getElementById('link')!;
    link.focus();
    afterNavigation(history({}), shown({ action: 'push', previousPathname: '/articles' }), { announcer });
    afterNavigation(history({}), shown({ action: 'load', previousPathname: undefined }), { announcer });
    await new Promise((r) => setTimeout(r, 80));
    expect(document.activeElement).toBe(link);
    expect(announcer.textContent).toBe('');
  });
});
