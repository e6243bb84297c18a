import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { headTags, inlineEntryStyles, SHARE_IMAGE, screenPreloads, scriptsAfterContent } from './spa.ts';

describe('screenPreloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_runtime.js', '_http.js'] },
    '_runtime.js': { file: 'assets/runtime-1.js' },
    '_http.js': { file: 'assets/http-1.js', imports: ['_runtime.js'] },
    '_tile.js': { file: 'assets/tile-1.js', imports: ['_http.js', '_image.js'] },
    '_image.js': { file: 'assets/image-1.js', css: ['assets/image-1.css'] },
    'features/home/home-page.tsx': {
      file: 'assets/home-page-1.js',
      imports: ['_http.js', '_tile.js', 'index.html'],
    },
  };

  it("names a screen's chunk and everything it imports that the entry does not", () => {
    const tags = screenPreloads(manifest).get('features/home/home-page.tsx')!;
    const hrefs = [...tags.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.sort()).toEqual(
      ['/assets/home-page-1.js', '/assets/image-1.css', '/assets/image-1.js', '/assets/tile-1.js'].sort(),
    );
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/tile-1.js">');
    expect(tags).toContain('<link rel="stylesheet" crossorigin href="/assets/image-1.css">');
  });

  it('gives nothing for a screen missing from the manifest', () => {
    expect(screenPreloads(manifest).get('features/search/search-page.tsx')).toBe('');
  });
});

describe('headTags', () => {
  const meta = (image?: string) => ({ title: 'T', description: 'D', path: '/x', image });
  const shared = (html: string) => ({
    og: /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1],
    twitter: /<meta name="twitter:image" content="([^"]*)">/.exec(html)?.[1],
    card: /<meta name="twitter:card" content="([^"]*)">/.exec(html)?.[1],
    width: /<meta property="og:image:width" content="([^"]*)">/.exec(html)?.[1],
  });

  it('shares a PNG of 1200 x 630 wherever the page has no picture social sites preview', () => {
    for (const image of [undefined, '/images/hero-field.svg', 'https://cdn.test/a.SVG?v=2'])
      expect(shared(headTags(meta(image), 'https://site.test')), String(image)).toEqual({
        og: `https://site.test${SHARE_IMAGE}`,
        twitter: `https://site.test${SHARE_IMAGE}`,
        card: 'summary_large_image',
        width: '1200',
      });
    expect(SHARE_IMAGE).toMatch(/\.png$/);
  });

  it("shares the page's own picture when it is a photo or a PNG", () => {
    expect(shared(headTags(meta('/images/x.jpg'), 'https://site.test'))).toEqual({
      og: 'https://site.test/images/x.jpg',
      twitter: 'https://site.test/images/x.jpg',
      card: 'summary_large_image',
      width: undefined,
    });
  });

  it('still preloads the page picture itself, SVG or not', () => {
    expect(headTags(meta('/images/hero-field.svg'), 'https://site.test')).toContain(
      '<link rel="preload" as="image" href="/images/hero-field.svg" fetchpriority="high">',
    );
  });
});

describe('inlineEntryStyles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dynasty-styles-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/index-1.css'), '.a{color:red}\n');
  writeFileSync(join(dir, 'assets/odd-1.css'), '.b{content:"</style><script>"}');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("puts the entry's stylesheet in the document and leaves the rest as it was", () => {
    const head = (links: string) => `<head><title>x</title>${links}</head>`;
    expect(
      inlineEntryStyles(head('<link rel="stylesheet" crossorigin href="/assets/index-1.css">'), dir),
    ).toBe(head('<style>.a{color:red}</style>'));
    // One that could end the element, or that is not there, stays a link.
    for (const link of [
      '<link rel="stylesheet" crossorigin href="/assets/odd-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/gone-1.css">',
    ])
      expect(inlineEntryStyles(head(link), dir)).toBe(head(link));
  });
});

describe('scriptsAfterContent', () => {
  it("asks for a rendered page's scripts at low priority, once", () => {
    const head =
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/a-1.js">\n<link rel="stylesheet" href="/assets/b.css"><img src="/x.svg" fetchpriority="high">';
    const low = scriptsAfterContent(head);
    expect(low).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a-1.js">\n<link rel="stylesheet" href="/assets/b.css"><img src="/x.svg" fetchpriority="high">',
    );
    expect(scriptsAfterContent(low)).toBe(low);
  });
});

describe(`pages and assets of a built client (${testDbKind})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'dynasty-client-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'assets/index-1.css'), '.site{color:red}');
    writeFileSync(join(dir, 'assets/search-page-1.js'), 'export const Component = () => null;');
    writeFileSync(
      join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js' },
        'features/search/search-page.tsx': { file: 'assets/search-page-1.js', imports: ['index.html'] },
      }),
    );
    t = await makeTestApp({}, { clientDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gzips a page's HTML and names its screen's code in it", async () => {
    const res = await t.request({
      method: 'GET',
      url: '/search',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = gunzipSync(res.rawPayload).toString();
    // A page the browser draws asks for its code at the usual priority, and has the styles inline.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/search-page-1.js">');
    expect(html).toContain('<style>.site{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');

    const plain = await t.request({ method: 'GET', url: '/search' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('search-page-1.js');
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends scripts without the headers only documents use, keeping nosniff', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/search-page-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
