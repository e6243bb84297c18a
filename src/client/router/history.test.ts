// @vitest-environment happy-dom
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Blocked,
  createHistory,
  type History,
  MAX_ENTRIES,
  STORAGE_KEY,
  type Transition,
} from './history.ts';

/*
 * The history store on happy-dom's window: its history keeps entries, states and the address, and
 * its Back/Forward fire popstate (synchronously, where a browser fires it a moment later).
 */

const windows: Window[] = [];
afterEach(async () => {
  for (const w of windows.splice(0)) await w.happyDOM.close();
});

type NavigationType = 'navigate' | 'reload' | 'back_forward';

/** The page's JavaScript starting in `win` as a document loaded with the given navigation type. */
function start(win: Window, type: NavigationType = 'navigate') {
  Object.assign(win, { performance: { getEntriesByType: () => [{ type }] } });
  const history = createHistory(win as unknown as globalThis.Window);
  const seen: Transition[] = [];
  history.listen((t) => seen.push(t));
  return { history, seen };
}

function open(path = '/articles') {
  const win = new Window({ url: `https://dynasty.test${path}`, width: 1024, height: 700 });
  windows.push(win);
  return { win, ...start(win) };
}

/** The document goes away (pagehide saves the positions) and the same tab loads a document again. */
function unload(win: Window, history: History) {
  win.dispatchEvent(new win.Event('pagehide'));
  history.dispose();
}

/** A click on an in-page link: the browser adds an entry with no state and fires popstate. */
function followFragment(win: Window, hash: string) {
  const a = win.document.createElement('a');
  a.href = hash;
  win.document.body.appendChild(a);
  a.click();
  a.remove();
  expect(win.history.state).toBeNull();
  win.dispatchEvent(new win.PopStateEvent('popstate', { state: null }));
}

const path = (win: Window) => win.location.pathname + win.location.search + win.location.hash;

/** Holds every navigation that leaves the page for another path, and keeps what it held. */
function guard(history: History) {
  const held: Blocked[] = [];
  const remove = history.block({
    when: ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
    onBlocked: (b) => held.push(b),
  });
  return { held, remove };
}

describe('push, replace and pop', () => {
  it('gives every entry its own key, in history.state, and reports each navigation', () => {
    const { win, history, seen } = open();
    const first = history.location;
    expect(first).toMatchObject({ pathname: '/articles', search: '', hash: '' });
    expect(history.transition).toBeUndefined();
    expect(win.history.state).toEqual({ key: first.key });

    history.navigate('/article/one?x=1');
    expect(path(win)).toBe('/article/one?x=1');
    expect(history.location).toMatchObject({ pathname: '/article/one', search: '?x=1' });
    expect(win.history.state).toEqual({ key: history.location.key });
    expect(history.location.key).not.toBe(first.key);
    expect(seen.map((t) => t.action)).toEqual(['push']);
    // Kept for a listener that subscribes late.
    expect(history.transition).toBe(seen[0]);

    history.navigate('/article/two', { replace: true, preventScrollReset: true });
    expect(win.history.length).toBe(2);
    expect(seen[1]).toMatchObject({ action: 'replace', preventScrollReset: true });
    expect(seen[1].location.pathname).toBe('/article/two');

    win.history.back();
    expect(path(win)).toBe('/articles');
    expect(history.location).toEqual(first);
    expect(seen[2]).toMatchObject({ action: 'pop', location: first });
    win.history.forward();
    expect(history.location).toEqual(seen[1].location);
  });

  it('replaces the entry when a link leads to the address already shown', () => {
    const { win, history, seen } = open();
    history.navigate('/articles');
    expect(win.history.length).toBe(1);
    expect(seen[0].action).toBe('replace');
  });

  it('resolves relative paths and leaves other sites to the browser', () => {
    const { win, history, seen } = open('/article/one');
    history.navigate('two');
    expect(path(win)).toBe('/article/two');
    const assign = vi.spyOn(win.location, 'assign').mockImplementation(() => {});
    history.navigate('https://elsewhere.test/page');
    expect(assign).toHaveBeenCalledWith('https://elsewhere.test/page');
    expect(seen).toHaveLength(1);
  });

  it('keeps the scroll position of each entry and gives it back by key', () => {
    const { win, history } = open();
    const list = history.location.key;
    win.scrollTo(0, 758);
    history.navigate('/article/one');
    const article = history.location.key;
    win.scrollTo(0, 120);
    win.history.back();
    expect(history.savedScroll(list)).toBe(758);
    expect(history.savedScroll(article)).toBe(120);
    win.scrollTo(0, 758);
    win.history.forward();
    expect(history.savedScroll(article)).toBe(120);
  });

  it('ignores a popstate that lands on the entry already shown', () => {
    const { win, history, seen } = open();
    win.dispatchEvent(new win.PopStateEvent('popstate', { state: { key: history.location.key } }));
    expect(seen).toEqual([]);
  });
});

describe('blocking', () => {
  it('holds a link until proceed(); a forgotten hold leaves the page as it is', () => {
    const { win, history, seen } = open('/admin/article/new');
    const { held, remove } = guard(history);
    history.navigate('/admin/article/new?draft=1');
    expect(held).toHaveLength(0);
    expect(seen).toHaveLength(1);

    history.navigate('/admin');
    expect(held).toHaveLength(1);
    expect(path(win)).toBe('/admin/article/new?draft=1');
    expect(seen).toHaveLength(1);
    history.navigate('/admin/profiles');
    expect(held).toHaveLength(2);

    remove();
    held[1].proceed();
    expect(path(win)).toBe('/admin/profiles');
    expect(seen.at(-1)).toMatchObject({ action: 'push', location: { pathname: '/admin/profiles' } });
  });

  it('undoes a held Back, then lets it through on proceed()', () => {
    const { win, history, seen } = open('/admin');
    history.navigate('/admin/article/new');
    const form = history.location;
    const { held } = guard(history);

    win.history.back();
    expect(held).toHaveLength(1);
    expect(path(win)).toBe('/admin/article/new');
    expect(win.history.state).toEqual({ key: form.key });
    expect(history.location).toBe(form);
    expect(seen).toHaveLength(1);

    held[0].proceed();
    expect(held).toHaveLength(1);
    expect(path(win)).toBe('/admin');
    expect(seen.at(-1)).toMatchObject({ action: 'pop', location: { pathname: '/admin' } });
  });

  it('undoes a held Forward, then lets it through on proceed()', () => {
    const { win, history, seen } = open('/admin');
    history.navigate('/admin/articles');
    win.history.back();
    const { held } = guard(history);
    const before = seen.length;

    win.history.forward();
    expect(held).toHaveLength(1);
    expect(path(win)).toBe('/admin');
    expect(seen).toHaveLength(before);
    // Undone by one step back, so Forward still leads to the held entry.
    win.history.forward();
    expect(held).toHaveLength(2);
    expect(path(win)).toBe('/admin');

    held[1].proceed();
    expect(path(win)).toBe('/admin/articles');
    expect(seen.at(-1)).toMatchObject({ action: 'pop', location: { pathname: '/admin/articles' } });
  });

  it('undoes a jump of several entries at once, either way', () => {
    const { win, history } = open('/a');
    history.navigate('/b');
    history.navigate('/c');
    history.navigate('/d');
    const { held, remove } = guard(history);
    win.history.go(-3);
    expect(path(win)).toBe('/d');
    held[0].proceed();
    expect(path(win)).toBe('/a');
    remove();
    win.history.go(2);
    expect(path(win)).toBe('/c');
    guard(history);
    win.history.go(1);
    expect(path(win)).toBe('/c');
    win.history.go(-2);
    expect(path(win)).toBe('/c');
  });
});

describe('fragments', () => {
  it('keys the entry a fragment link adds, so later entries and positions stay apart', () => {
    const { win, history, seen } = open('/articles');
    const list = history.location.key;
    win.scrollTo(0, 758);
    history.navigate('/article/one');
    const article = history.location.key;
    win.scrollTo(0, 0);

    followFragment(win, '#main');
    const fragment = history.location;
    expect(fragment).toMatchObject({ pathname: '/article/one', hash: '#main' });
    expect(win.history.state).toEqual({ key: fragment.key });
    expect(new Set([list, article, fragment.key]).size).toBe(3);
    expect(seen.at(-1)).toMatchObject({ action: 'push', location: fragment });
    win.scrollTo(0, 300);

    history.navigate('/article/two');
    const next = history.location.key;
    expect(new Set([list, article, fragment.key, next]).size).toBe(4);
    win.scrollTo(0, 40);

    win.history.back();
    expect(history.location).toEqual(fragment);
    expect(history.savedScroll(fragment.key)).toBe(300);
    win.history.back();
    expect(history.location.key).toBe(article);
    win.history.back();
    expect(history.location.key).toBe(list);
    expect(history.savedScroll(list)).toBe(758);
  });

  it('does not hold a fragment link, and undoes a held Back across fragment entries', () => {
    const { win, history } = open('/admin');
    history.navigate('/admin/article/new');
    const { held } = guard(history);
    followFragment(win, '#title');
    followFragment(win, '#body');
    expect(held).toHaveLength(0);
    expect(path(win)).toBe('/admin/article/new#body');

    win.history.back();
    expect(held).toHaveLength(0);
    expect(path(win)).toBe('/admin/article/new#title');
    win.history.go(-2);
    expect(held).toHaveLength(1);
    expect(path(win)).toBe('/admin/article/new#title');
    held[0].proceed();
    expect(path(win)).toBe('/admin');
  });
});

describe('reloads and page loads in the same tab', () => {
  it('restores the position on a reload and on Back/Forward into the document, not on other loads', () => {
    const first = open('/articles');
    const { win } = first;
    win.scrollTo(0, 758);
    const key = first.history.location.key;
    unload(win, first.history);

    const reloaded = start(win, 'reload');
    expect(reloaded.history.location.key).toBe(key);
    expect(reloaded.history.initialScroll).toBe(758);
    unload(win, reloaded.history);
    expect(start(win, 'back_forward').history.initialScroll).toBe(758);
    expect(start(win, 'navigate').history.initialScroll).toBeUndefined();
  });

  it('opens a page loaded anew in the same tab at the top, with a fresh key', () => {
    const first = open('/articles');
    const { win } = first;
    win.scrollTo(0, 758);
    first.history.navigate('/article/one');
    win.scrollTo(0, 0);
    const used = [first.history.location.key, (win.history.state as { key: string }).key];
    unload(win, first.history);

    // The next document's entry (a typed address, or the page after logging in) starts with no state.
    win.history.pushState(null, '', '/search');
    const next = start(win, 'navigate').history;
    expect(used).not.toContain(next.location.key);
    expect(next.initialScroll).toBeUndefined();
    expect(next.savedScroll(next.location.key)).toBeUndefined();
  });

  it('undoes a held Back after a reload, from the order of entries it kept', () => {
    const first = open('/admin');
    const { win } = first;
    first.history.navigate('/admin/articles');
    first.history.navigate('/admin/article/new');
    unload(win, first.history);

    const { history } = start(win, 'reload');
    const { held } = guard(history);
    win.history.go(-2);
    expect(held).toHaveLength(1);
    expect(path(win)).toBe('/admin/article/new');
    held[0].proceed();
    expect(path(win)).toBe('/admin');
  });

  it('starts afresh from unreadable storage', () => {
    const win = new Window({ url: 'https://dynasty.test/articles' });
    windows.push(win);
    win.sessionStorage.setItem(STORAGE_KEY, '{not json');
    const { history } = start(win);
    history.navigate('/article/one');
    win.history.back();
    expect(history.location.pathname).toBe('/articles');
  });
});

describe('many entries', () => {
  it('keeps keys unique and the record bounded, and still blocks and restores', () => {
    const { win, history } = open('/p/0');
    const keys = new Set([history.location.key]);
    for (let i = 1; i <= 250; i++) {
      win.scrollTo(0, i);
      history.navigate(`/p/${i}`);
      keys.add(history.location.key);
    }
    expect(keys.size).toBe(251);
    unload(win, history);
    const stored = JSON.parse(win.sessionStorage.getItem(STORAGE_KEY)!);
    expect(stored.keys).toHaveLength(MAX_ENTRIES);
    expect(Object.keys(stored.scroll).length).toBeLessThanOrEqual(MAX_ENTRIES);

    const reloaded = start(win, 'reload').history;
    win.history.go(-10);
    expect(path(win)).toBe('/p/240');
    expect(reloaded.savedScroll(reloaded.location.key)).toBe(241);
    const { held } = guard(reloaded);
    win.history.go(5);
    expect(path(win)).toBe('/p/240');
    held[0].proceed();
    expect(path(win)).toBe('/p/245');
  });
});
