import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderer } from '#client/entry-server.tsx';
import type { Article, Profile } from '#common/content.ts';
import { PAGE_DATA_ID, type PageData, type PageRenderer } from '#common/page-render.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { PAYLOADS } from '#test/xss-payloads.ts';

/*
 * The public pages as the server renders them (the source's renderer, src/client/entry-server.tsx,
 * on the real app and database): their text, their embedded data, their structured data, one
 * page for every reader kept per content version, and script-injection payloads that stay text.
 */

const dir = mkdtempSync(join(tmpdir(), 'dynasty-render-'));
let t: TestApp;
let renders = 0;
const counting: PageRenderer = {
  pageKey: renderer.pageKey,
  render: (input) => {
    renders += 1;
    return renderer.render(input);
  },
};
let article: Article;
let profile: Profile;
let admin: string;
/** The app's error lines (its logger writes nothing below error). */
const errors: string[] = [];

// happy-dom's own Document type, read as the DOM's: the tests only query it.
const parse = (html: string) =>
  new new Window().DOMParser().parseFromString(html, 'text/html') as unknown as Document;
const pageData = (doc: Document): PageData | undefined => {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  return text ? JSON.parse(text) : undefined;
};
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
async function get(url: string, cookie?: string) {
  const res = await t.request({ method: 'GET', url, cookie });
  return { res, doc: parse(res.body) };
}

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Dynasty Forge</title><!--app-head--></head><body><div id="root"></div><script type="module" crossorigin src="/assets/index-1.js"></script></body></html>',
  );
  t = await makeTestApp(
    {},
    {
      clientDir: dir,
      pageRenderer: counting,
      logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } },
    },
  );
  const author = await t.userWithRole('contributor', { name: 'Ann Author' });
  admin = (await t.userWithRole('superuser')).cookie;
  const save = async (url: string, payload: object) => {
    const res = await t.request({ method: 'POST', url, cookie: admin, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  article = await save('/api/articles', {
    title: 'Rendered Rookie Rankings',
    description: 'Tiers for superflex drafts.',
    body: 'The **deep** class at running back.',
    image: '/images/article-field.svg',
    tags: [{ name: 'Rookies' }],
    contributorId: author.user.id,
    isVisible: true,
  });
  profile = await save('/api/profiles', {
    name: 'Rendered Prospect',
    position: 'WR',
    school: 'LSU',
    year: 2027,
    body: 'A smooth route runner.',
    image: '/images/prospect-wr.svg',
    contributorId: author.user.id,
    isVisible: true,
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`public pages rendered on the server (${testDbKind})`, () => {
  it('renders an article whole, with the data it was rendered from and its Article JSON-LD', async () => {
    const { res, doc } = await get(`/article/${article.shortname}`);
    expect(res.statusCode).toBe(200);
    const main = doc.querySelector('main')!;
    expect(main.querySelector('h1')!.textContent).toBe('Rendered Rookie Rankings');
    expect(main.textContent).toContain('Ann Author');
    expect(main.querySelector('time')!.getAttribute('datetime')).toBe(article.date.slice(0, 10));
    expect(main.querySelector('strong')!.textContent).toBe('deep');
    expect(main.querySelector('img')!.getAttribute('src')).toBe('/images/article-field.svg');
    // The embedded data is the API's own answer, under the key the page asks for.
    const api = await t.request({ method: 'GET', url: `/api/articles/${article.shortname}` });
    expect(pageData(doc)).toEqual({ answers: [[`articles/${article.shortname}`, api.json()]] });
    const [ld] = jsonLd(doc);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Rendered Rookie Rankings',
      datePublished: article.date,
      dateModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      author: { '@type': 'Person', name: 'Ann Author' },
      image: [expect.stringMatching(/^https?:\/\/[^/]+\/images\/article-field\.svg$/)],
    });
    // Scripts from the site itself only: everything else is data.
    const scripts = [...doc.querySelectorAll('script')].map((s) => s.getAttribute('type'));
    expect(scripts.sort()).toEqual(['application/json', 'application/json', 'application/ld+json', 'module']);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // The page reads without its scripts: they are asked for after its pictures and styles.
    expect(doc.querySelector('script[type="module"]')!.getAttribute('fetchpriority')).toBe('low');
  });

  it('renders a profile with its ProfilePage JSON-LD about the Person', async () => {
    const { res, doc } = await get(`/profile/${profile.shortname}`);
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('main h1')!.textContent).toBe('Rendered Prospect');
    expect(doc.querySelector('main')!.textContent).toContain('A smooth route runner.');
    expect(doc.querySelector('main')!.textContent).toContain('Ann Author');
    const [ld] = jsonLd(doc);
    expect(ld).toMatchObject({
      '@type': 'ProfilePage',
      dateCreated: profile.date,
      mainEntity: {
        '@type': 'Person',
        name: 'Rendered Prospect',
        image: expect.stringMatching(/\/images\/prospect-wr\.svg$/),
        affiliation: { name: 'LSU' },
      },
    });
  });

  it('renders the home page, the lists and search results with their items and links', async () => {
    for (const [url, text, link] of [
      ['/', 'Rendered Prospect', `/article/${article.shortname}`],
      ['/articles', 'Rendered Rookie Rankings', `/article/${article.shortname}`],
      ['/profiles', 'Rendered Prospect', `/profile/${profile.shortname}`],
      ['/search?search=rendered', 'Search Results:', `/profile/${profile.shortname}`],
    ]) {
      const { res, doc } = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(doc.querySelector('main')!.textContent, url).toContain(text);
      expect(doc.querySelector(`main a[href="${link}"]`), url).not.toBeNull();
      expect(pageData(doc)?.answers.length, url).toBeGreaterThan(0);
      expect(doc.querySelector('header a[href="/articles"]'), url).not.toBeNull();
    }
  });

  it('keeps one page per content version, the same for every reader, with no reader in it', async () => {
    const url = `/article/${article.shortname}`;
    const first = await get(url);
    const before = renders;
    const again = await get(`${url}?utm_source=feed`);
    const { user, cookie } = await t.userWithRole('user', { name: 'Private Reader' });
    const signedIn = await get(url, cookie);
    expect(renders).toBe(before);
    expect(again.res.headers.etag).toBe(first.res.headers.etag);
    expect(signedIn.res.body).toBe(first.res.body);
    expect(signedIn.res.body).not.toContain('Private Reader');
    expect(signedIn.res.body).not.toContain(user.email);
    // The header is a visitor's until the browser knows better.
    expect(first.doc.querySelector('header a[href="/login"]')).not.toBeNull();

    const saved = await t.request({
      method: 'POST',
      url: `/api/articles/${article.id}`,
      cookie: admin,
      payload: { ...article, title: 'Rendered Rookie Rankings, Revised' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await get(url);
    expect(renders).toBe(before + 1);
    expect(after.doc.querySelector('main h1')!.textContent).toBe('Rendered Rookie Rankings, Revised');
  });

  it('renders the privacy page whole, with its title and description and nothing to load', async () => {
    const { res, doc } = await get('/privacy');
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('main h1')!.textContent).toBe('Privacy');
    expect(doc.querySelector('main')!.textContent).toContain('A session lasts 30 days');
    expect(doc.querySelector('main a[href="/account"]')).not.toBeNull();
    expect(doc.querySelector('title')!.textContent).toBe('Privacy | Dynasty Forge');
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(
      /^What Dynasty Forge keeps/,
    );
    expect(doc.querySelector('footer a[href="/privacy"]')).not.toBeNull();
    expect(pageData(doc)?.answers ?? []).toEqual([]);
  });

  it('answers a missing article with its rendered 404 and the refusal, so the browser hydrates it without asking again', async () => {
    const { res, doc } = await get('/article/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(doc.querySelector('main h1')!.textContent).toBe('Article not found');
    const api = await t.request({ method: 'GET', url: '/api/articles/no-such-article' });
    expect(pageData(doc)).toEqual({
      answers: [],
      refused: [['articles/no-such-article', 404, api.json().error]],
    });
  });

  it("leaves the renderer's own calls out of the per-address limits: a client who spends one does not spend it for the pages", async () => {
    // The values API takes 300 calls a minute from one address; the renderer's calls come from
    // this process, which an in-process request shares as its address (127.0.0.1).
    const format = '12-sf-ppr1-te0';
    let last = 0;
    for (let i = 0; i < 301 && last !== 429; i++)
      last = (await t.request({ method: 'GET', url: `/api/values?format=${format}` })).statusCode;
    expect(last).toBe(429);
    const { res, doc } = await get(`/tools/trade?format=${format}&a=player:limit-${Date.now()}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Too many attempts');
    expect(pageData(doc)?.answers.map(([path]) => path)).toContain(`values?format=${format}`);
  });

  it('answers an address with a NUL character (which no shortname holds) with the 404 page, logging no error', async () => {
    errors.length = 0;
    for (const [url, heading] of [
      ['/article/%00', 'Article not found'],
      ['/profile/a%00b', 'Prospect not found'],
    ]) {
      const { res, doc } = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(doc.querySelector('main h1')!.textContent).toBe(heading);
    }
    for (const url of ['/api/articles/%00', '/api/profiles/a%00b', '/api/articles/%00?isAdmin=true']) {
      const res = await t.request({ method: 'GET', url, cookie: admin });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toMatch(/not found/);
    }
    expect(errors).toEqual([]);
  });

  it('renders each league tool as its frame, the same page for every reader, with nothing of the visitor', async () => {
    // A visitor with Sleeper connected (the cookies its connect sets) and signed in.
    const sleeper = 'SLEEPER_USER_ID=738119346722246656; SLEEPER_USER_NAME=privatevisitor';
    const connections = await t.request({ method: 'GET', url: '/api/connections', cookie: sleeper });
    expect(connections.json().sleeper).toMatchObject({ connected: true, username: 'privatevisitor' });
    const reader = await t.userWithRole('user', { name: 'Private Reader' });
    const visitor = `${sleeper}; ${reader.cookie}`;
    const before = renders;
    for (const [url, heading, intro, frame] of [
      [
        '/tools/rostership',
        'Rostership',
        'How many of your leagues roster',
        'section[aria-label="Your accounts"]',
      ],
      ['/tools/my-week', 'My week', 'Every lineup problem', 'section[aria-label="Your accounts"]'],
      [
        '/tools/status-checker',
        'Player Status Checker',
        'Pick a player',
        'section[aria-label="Your accounts"]',
      ],
      ['/tools/lineup', 'Lineup', "This week's lineup", '[role="status"]'],
      ['/tools/rookie-adp', 'MFL Rookie ADP', 'Where rookies really go', 'form[aria-label="ADP filters"]'],
    ] as const) {
      const { res, doc } = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(doc.querySelector('main h1')!.textContent, url).toBe(heading);
      expect(doc.querySelector('main')!.textContent, url).toContain(intro);
      expect(doc.querySelector(`main ${frame}`), url).not.toBeNull();
      expect(doc.querySelector('main')!.textContent, url).not.toContain('Loading page');
      // Nothing to hand over, but the browser hydrates the frame rather than drawing it again.
      expect(pageData(doc), url).toEqual({ answers: [] });
      const theirs = await get(`${url}?utm_source=feed`, visitor);
      expect(theirs.res.body, url).toBe(res.body);
      for (const own of ['privatevisitor', '738119346722246656', 'Private Reader', reader.user.email])
        expect(theirs.res.body, url).not.toContain(own);
    }
    // One render per tool, kept for every reader after.
    expect(renders).toBe(before + 5);
    const accounts = (await get('/tools/rostership')).doc.querySelector(
      'section[aria-label="Your accounts"]',
    )!;
    // The services' controls wait for the visitor's connections; the page says it is asking.
    expect(accounts.textContent).toMatch(/MFL….*Sleeper….*Fleaflicker….*ESPN…/);
    expect((await get('/tools/rostership')).doc.querySelector('main [role="status"]')!.textContent).toContain(
      'Checking your connected accounts',
    );
  });

  it("renders Rookie ADP's filter form as its address sets it; today's dates wait for the browser", async () => {
    const form = (doc: Document) => doc.querySelector('main form[aria-label="ADP filters"]')!;
    const plain = (await get('/tools/rookie-adp')).doc;
    // The default window is the reader's last 30 days: the server does not know the reader's day.
    expect(form(plain).textContent).toContain('Last 30 days');
    expect(plain.querySelector('main [role="status"]')!.textContent).toContain('Loading ADP');
    expect(plain.querySelector('[data-testid="adp-source-note"]')!.textContent).toMatch(/^MFL's figures/);

    const shared = (
      await get(
        '/tools/rookie-adp?service=sleeper&draft=startup&kind=auction&from=2026-05-01&to=2026-05-31&ppr=1',
      )
    ).doc;
    expect(shared.querySelector('main h1')!.textContent).toBe('Sleeper Startup ADP');
    expect(form(shared).textContent).toContain('05/01/2026 – 05/31/2026');
    expect(
      form(shared).querySelector<HTMLSelectElement>('select')!.querySelector('option[selected]')!.textContent,
    ).toBe('Yes');
    expect(shared.querySelector('[data-testid="adp-source-note"]')!.textContent).toMatch(
      /^Sleeper's startup/,
    );
  });

  it('renders the layout around a loading screen for the pages the browser draws, with no data', async () => {
    for (const url of ['/tools/lineup/123', '/admin/articles', '/account']) {
      const { res, doc } = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(doc.querySelector('header nav')).not.toBeNull();
      expect(doc.querySelector('main [role="status"]')!.textContent).toContain('Loading page');
      expect(pageData(doc), url).toBeUndefined();
      // Drawn by its scripts, so they keep the browser's usual priority.
      expect(doc.querySelector('script[type="module"]')!.hasAttribute('fetchpriority'), url).toBe(false);
    }
  });
});

describe('script-injection payloads in the rendered pages', () => {
  /** What in a parsed page could run script: scripts of other types, on* attributes, javascript: addresses. */
  const scriptable = (doc: Document) => {
    const found: string[] = [];
    for (const s of doc.querySelectorAll('script')) {
      const type = s.getAttribute('type');
      const known =
        (type === 'module' && s.getAttribute('src')?.startsWith('/assets/')) ||
        (type === 'application/json' && ['site-config', PAGE_DATA_ID].includes(s.id)) ||
        type === 'application/ld+json';
      if (!known) found.push(s.outerHTML.slice(0, 80));
    }
    for (const el of doc.querySelectorAll('*'))
      for (const attr of el.attributes) {
        const value = attr.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
        if (attr.name.toLowerCase().startsWith('on')) found.push(`<${el.tagName} ${attr.name}>`);
        else if (
          ['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'poster'].includes(attr.name) &&
          /^(javascript|vbscript|data:text\/html)/.test(value)
        )
          found.push(`<${el.tagName} ${attr.name}="${attr.value.slice(0, 60)}">`);
      }
    for (const el of doc.querySelectorAll('meta[http-equiv]')) found.push(el.outerHTML.slice(0, 80));
    return found;
  };

  it('shows every payload as text on every public page, and its data reads back unchanged', async () => {
    const marker = 'xssrendermark';
    const pack = (max: number) => {
      let out = '';
      for (const p of PAYLOADS) if (`${out} ${p}`.length <= max) out = out ? `${out} ${p}` : p;
      return out;
    };
    const author = await t.userWithRole('contributor', { name: `${PAYLOADS[1]} ${marker}` });
    const save = async (url: string, payload: object) => {
      const res = await t.request({ method: 'POST', url, cookie: admin, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const a: Article = await save('/api/articles', {
      title: `${pack(170)} ${marker}`,
      description: pack(1000),
      body: PAYLOADS.join('\n\n'),
      tags: [{ name: '</script><script>alert(1)</script>'.slice(0, 50) }],
      contributorId: author.user.id,
      isVisible: true,
    });
    const p: Profile = await save('/api/profiles', {
      name: `${pack(100)} ${marker}`,
      school: pack(120),
      description: pack(1000),
      body: PAYLOADS.join('\n\n'),
      contributorId: author.user.id,
      isVisible: true,
    });
    for (const url of [
      '/',
      '/articles',
      `/article/${a.shortname}`,
      '/profiles',
      `/profile/${p.shortname}`,
      `/search?search=${marker}`,
      `/search?search=${encodeURIComponent(PAYLOADS[0])}`,
    ]) {
      const { res, doc } = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(scriptable(doc), url).toEqual([]);
      // The data and the JSON-LD are read as JSON, whole: nothing in them ended their element.
      const data = pageData(doc);
      expect(data, url).toBeDefined();
      jsonLd(doc);
      if (!url.includes(encodeURIComponent(PAYLOADS[0])))
        expect(doc.querySelector('main')!.textContent, url).toContain(marker);
    }
    const { doc } = await get(`/article/${a.shortname}`);
    expect(doc.querySelector('main h1')!.textContent).toBe(a.title);
    expect(pageData(doc)!.answers[0][1]).toMatchObject({ title: a.title, description: a.description });
    expect(jsonLd(doc)[0]).toMatchObject({ headline: a.title, author: { name: author.user.name } });
    expect(doc.querySelector('head title')!.textContent).toContain(PAYLOADS[0]);
  });
});
