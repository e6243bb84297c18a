import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#test/app.ts';
import type { LeagueServices } from '../leagues/services.ts';

let t: TestApp;
let superUser: { user: { id: number }; cookie: string };

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const save = (url: string, payload: object) =>
  t.request({ method: 'POST', url, payload, cookie: superUser.cookie });

beforeAll(async () => {
  t = await makeTestApp();
  superUser = await t.userWithRole('superuser');
  await save('/api/articles', { title: 'First cached article', isVisible: true });
  await save('/api/profiles', { name: 'Cached Prospect', position: 'RB', year: 2026, isVisible: true });
});
afterAll(() => t.close());

const publicUrls = [
  '/api/articles?limit=20',
  '/api/articles/first-cached-article',
  '/api/profiles?position=RB',
  '/api/profiles/cached-prospect',
  '/api/profile-filters',
  '/api/search?search=cached',
  '/rss.xml',
  '/sitemap.xml',
];

describe('public answers', () => {
  it('carry an ETag and answer 304 to a matching If-None-Match', async () => {
    for (const url of publicUrls) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': `"other", W/${first.headers.etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
  });

  it('serve the same bytes from the cache until a write', async () => {
    const first = await get('/api/articles');
    // A change behind the API's back is not seen: the answer comes from the cache.
    await t.database.exec(`UPDATE articles SET title = 'Changed quietly'`);
    const cached = await get('/api/articles');
    expect(cached.body).toBe(first.body);
    await t.database.exec(`UPDATE articles SET title = 'First cached article'`);
  });

  it('change at once after any content write, on every public address', async () => {
    const before = await Promise.all(publicUrls.map((url) => get(url)));
    const res = await save('/api/articles', {
      title: 'Second cached article',
      body: 'cached',
      isVisible: true,
    });
    expect(res.statusCode).toBe(201);
    const after = await Promise.all(
      publicUrls.map((url, i) => get(url, { 'if-none-match': before[i].headers.etag as string })),
    );
    expect(after[0].statusCode).toBe(200);
    expect(after[0].json().items[0].title).toBe('Second cached article');
    expect(after[5].json().total).toBe(3);
    expect(after[6].body).toContain('Second cached article');
    expect(after[7].body).toContain('/article/second-cached-article');
    // Unchanged answers keep their ETag even under the new version.
    expect(after[1].statusCode).toBe(304);
  });

  it('are shared through the cache, so a write in one process shows in another', async () => {
    const other = (
      await makeTestApp({}, { database: t.database, cache: t.cache, services: {} as LeagueServices })
    ).app;
    try {
      const seen = await other.inject({ method: 'GET', url: '/api/articles/third-cached-article' });
      expect(seen.statusCode).toBe(404);
      await save('/api/articles', { title: 'Third cached article', isVisible: true });
      const now = await other.inject({ method: 'GET', url: '/api/articles/third-cached-article' });
      expect(now.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('show a renamed author at once, on articles, profiles and their lists', async () => {
    const before = await Promise.all(publicUrls.slice(0, 4).map((url) => get(url)));
    expect(before[1].json().contributor.name).not.toBe('Renamed Author');
    const res = await t.request({
      method: 'POST',
      url: `/api/users/${superUser.user.id}`,
      payload: { name: 'Renamed Author' },
      cookie: superUser.cookie,
    });
    expect(res.statusCode).toBe(200);
    const article = await get('/api/articles/first-cached-article', {
      'if-none-match': before[1].headers.etag as string,
    });
    expect(article.statusCode).toBe(200);
    expect(article.json().contributor.name).toBe('Renamed Author');
    expect((await get('/api/profiles/cached-prospect')).json().contributor.name).toBe('Renamed Author');
    expect((await get('/api/articles?limit=20')).body).toContain('Renamed Author');
    expect((await get('/rss.xml')).body).toContain('Renamed Author');
  });

  it('never cache admin answers', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/articles?isAdmin=true',
      cookie: superUser.cookie,
    });
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('are gzipped for clients that accept it, under their own ETag', async () => {
    await save('/api/articles', {
      title: 'A long read',
      body: 'Dynasty analysis. '.repeat(200),
      isVisible: true,
    });
    const plain = await get('/api/articles');
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/articles',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, '-gz"'));
    // Either tag shows the visitor has the current content.
    for (const tag of [plain.headers.etag, zipped.headers.etag] as string[])
      expect(
        (await get('/api/articles', { 'if-none-match': tag, 'accept-encoding': 'gzip' })).statusCode,
      ).toBe(304);
    // Small answers are sent as they are.
    const small = await get('/api/profile-filters', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
