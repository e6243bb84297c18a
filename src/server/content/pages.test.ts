import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#test/app.ts';
import type { AppDeps } from '../deps.ts';
import type { PageMetaProvider } from '../http/spa.ts';
import { contentPageMeta } from './pages.ts';

let t: TestApp;
let providers: PageMetaProvider[];

const metaFor = async (path: string) => {
  for (const provider of providers) {
    const meta = await provider(path);
    if (meta !== undefined) return meta;
  }
  return undefined;
};

beforeAll(async () => {
  t = await makeTestApp();
  const { cookie } = await t.userWithRole('superuser');
  const save = (url: string, payload: object) => t.request({ method: 'POST', url, cookie, payload });
  await save('/api/articles', {
    title: 'Visible <Feed> & Article',
    description: 'Rankings & more',
    image: '/images/article-field.svg',
    tags: [{ name: 'Rookies' }],
    isVisible: true,
  });
  await save('/api/articles', { title: 'Hidden feed article', body: 'secret', isVisible: false });
  await save('/api/profiles', {
    name: 'Visible Prospect',
    position: 'WR',
    school: 'LSU',
    body: '## Overview\n\nA **smooth** route runner.',
    isVisible: true,
  });
  await save('/api/profiles', { name: 'Hidden Prospect', isVisible: false });
  providers = contentPageMeta({ database: t.database, cache: t.cache, config: t.config } as AppDeps);
});
afterAll(() => t.close());

describe('page meta', () => {
  it('describes visible articles and profiles', async () => {
    expect(await metaFor('/article/visible-feed-and-article')).toEqual({
      title: 'Visible <Feed> & Article | Dynasty Forge',
      description: 'Rankings & more',
      path: '/article/visible-feed-and-article',
      image: '/images/article-field.svg',
      type: 'article',
      about: {
        kind: 'Article',
        name: 'Visible <Feed> & Article',
        description: 'Rankings & more',
        author: expect.any(String),
        published: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(await metaFor('/profile/visible-prospect')).toMatchObject({
      title: 'Visible Prospect, WR, LSU | Dynasty Forge',
      description: 'A smooth route runner.',
      path: '/profile/visible-prospect',
      type: 'profile',
    });
  });

  it('answers null (a 404 page) for hidden, unknown or numeric addresses', async () => {
    for (const path of [
      '/article/hidden-feed-article',
      '/profile/hidden-prospect',
      '/article/nope',
      '/profile/%E0%A4%A',
      '/article/1',
    ])
      expect(await metaFor(path), path).toBeNull();
  });

  it('describes the home page and the lists, and leaves other pages alone', async () => {
    expect(await metaFor('/')).toMatchObject({ path: '/' });
    expect(await metaFor('/articles')).toMatchObject({
      path: '/articles',
      title: expect.stringMatching(/Articles/),
    });
    expect(await metaFor('/profiles')).toMatchObject({ path: '/profiles' });
    expect(await metaFor('/tools/lineup')).toBeUndefined();
    expect(await metaFor('/article/a/b')).toBeUndefined();
  });
});

describe('feeds', () => {
  it('rss.xml lists visible articles only, escaped', async () => {
    const res = await t.request({ method: 'GET', url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(res.body).toContain('<rss version="2.0"');
    expect(res.body).toContain('<title>Visible &lt;Feed&gt; &amp; Article</title>');
    expect(res.body).toContain('<category>Rookies</category>');
    // The description is HTML to a feed reader: its plain text is escaped for HTML, then for XML.
    expect(res.body).toContain('<description>Rankings &amp;amp; more</description>');
    expect(res.body).toMatch(/<link>http:\/\/[^<]+\/article\/visible-feed-and-article<\/link>/);
    expect(res.body).not.toMatch(/hidden/i);
  });

  it('sitemap.xml lists the home page, the lists and every visible item only', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      '/',
      '/articles',
      '/profiles',
      '/rankings',
      '/rankings/consensus',
      '/article/visible-feed-and-article',
      '/profile/visible-prospect',
    ]);
  });

  it('use PUBLIC_URL for addresses when set', async () => {
    const other = await makeTestApp({ PUBLIC_URL: 'https://dynasty.example' });
    try {
      const res = await other.request({ method: 'GET', url: '/sitemap.xml' });
      expect(res.body).toContain('<loc>https://dynasty.example/</loc>');
    } finally {
      await other.close();
    }
  });
});
