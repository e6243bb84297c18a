import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderer } from '#client/entry-server.tsx';
import type { Article, Profile } from '#common/content.ts';
import { PAGE_DATA_ID, type PageData } from '#common/page-render.ts';
import type { Ranking } from '#common/rankings.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';

/*
 * Rankings where readers and robots find them: the pages the server renders whole (board, tiers,
 * JSON-LD ItemList, the data they hydrate from), the consensus, the sitemap, the feed, the site
 * search, the home page and an article that embeds a ranking. The board's players here are site
 * prospects, which need no league service.
 */

const dir = mkdtempSync(join(tmpdir(), 'dynasty-rankings-'));
let t: TestApp;
let admin: string;
let prospects: Profile[];
let ranking: Ranking;

const parse = (html: string) =>
  new new Window().DOMParser().parseFromString(html, 'text/html') as unknown as Document;
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
const page = async (url: string) => {
  const res = await t.get(url);
  return { res, doc: parse(res.body) };
};

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Dynasty Forge</title><!--app-head--></head><body><div id="root"></div><script type="module" crossorigin src="/assets/index-1.js"></script></body></html>',
  );
  t = await makeTestApp({}, { clientDir: dir, pageRenderer: renderer });
  admin = (await t.userWithRole('superuser', { name: 'Rae Ranker' })).cookie;
  prospects = [];
  for (const [name, position] of [
    ['Zephyr Quill', 'QB'],
    ['Tobiah Marsh', 'RB'],
    ['Lennox Vale', 'WR'],
  ]) {
    const res = await t.post('/api/profiles', { name, position, school: 'State', isVisible: true }, admin);
    prospects.push(res.json());
  }
  const res = await t.post(
    '/api/rankings',
    {
      title: 'Rookie board <b>2027</b>',
      description: 'Three names to know.',
      kind: 'rookie',
      qbFormat: 'SF',
      isVisible: true,
      entries: prospects.map((p, i) => ({
        playerId: `profile:${p.id}`,
        tier: i < 2 ? 1 : 2,
        note: i === 0 ? 'Arm talent' : '',
      })),
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  ranking = res.json();
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a ranking’s page', () => {
  it('arrives whole: title, writer, tiers, notes, the data it hydrates from and an ItemList', async () => {
    const { res, doc } = await page(`/ranking/${ranking.shortname}`);
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe('Rookie board <b>2027</b>');
    const board = doc.querySelector('[data-testid="ranking-board"]')!;
    expect([...board.querySelectorAll('tbody th[scope="rowgroup"]')].map((th) => th.textContent)).toEqual([
      'Tier 1',
      'Tier 2',
    ]);
    expect(board.textContent).toContain('Zephyr Quill');
    expect(board.textContent).toContain('Arm talent');
    // The market columns are drawn, empty for prospects no draft has taken.
    expect([...board.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Rank',
      'Player',
      'Trade value',
      'MFL ADP',
      'Sleeper ADP',
    ]);
    const data = JSON.parse(doc.getElementById(PAGE_DATA_ID)!.textContent!) as PageData;
    expect(data.answers.map(([path]) => path)).toEqual([
      `rankings/${ranking.shortname}`,
      `rankings/${ranking.shortname}/market`,
      `rankings/${ranking.shortname}/versions`,
    ]);
    const [ld] = jsonLd(doc);
    expect(ld).toMatchObject({
      '@type': 'ItemList',
      name: 'Rookie board <b>2027</b>',
      numberOfItems: 3,
      author: { '@type': 'Person', name: 'Rae Ranker' },
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Zephyr Quill' },
        { position: 2, name: 'Tobiah Marsh' },
        { position: 3, name: 'Lennox Vale' },
      ],
    });
    expect(res.body).not.toContain('<b>2027</b>');
  });

  it('is a 404 page when hidden or missing', async () => {
    expect((await page('/ranking/no-such-board')).res.statusCode).toBe(404);
  });

  it('lists, filtered, and averages in the consensus', async () => {
    const list = await page('/rankings?kind=rookie');
    expect(list.res.statusCode).toBe(200);
    expect(list.doc.querySelector('[data-testid="ranking-card"] h2')?.textContent).toBe(ranking.title);
    const none = await page('/rankings?kind=idp');
    expect(none.doc.body.textContent).toContain('No rankings of this format yet.');
    const c = await page('/rankings/consensus?kind=rookie&qbFormat=SF');
    const rows = [...c.doc.querySelectorAll('[data-testid="consensus-table"] tbody tr')];
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Zephyr Quill QB · State',
      'Tobiah Marsh RB · State',
      'Lennox Vale WR · State',
    ]);
  });
});

describe('found: sitemap, feed, search, home, an article that embeds it', () => {
  it('is in the sitemap and the feed', async () => {
    const sitemap = (await t.get('/sitemap.xml')).body;
    expect(sitemap).toContain(`/ranking/${ranking.shortname}</loc>`);
    expect(sitemap).toContain('/rankings</loc>');
    const rss = (await t.get('/rss.xml')).body;
    expect(rss).toContain(`/ranking/${ranking.shortname}</link>`);
    expect(rss).toContain('<category>Rankings</category>');
  });

  it('is found by its title and by a player it ranks', async () => {
    const byPlayer = (await t.get('/api/search?search=Tobiah')).json();
    expect(
      byPlayer.items.map((i: { type: string; shortname: string }) => [i.type, i.shortname]),
    ).toContainEqual(['ranking', ranking.shortname]);
    const byTitle = (await t.get('/api/search?search=rookie%20board')).json();
    expect(byTitle.items[0]).toMatchObject({ type: 'ranking', header: ranking.title });
  });

  it('shows on the home page', async () => {
    const { doc } = await page('/');
    expect(doc.querySelector('[data-testid="home-rankings"]')?.textContent).toContain(ranking.title);
  });

  it('is drawn, as it is now, where an article embeds it', async () => {
    const res = await t.post(
      '/api/articles',
      {
        title: 'Embeds a board',
        body: `Intro.\n\n[[ranking:${ranking.shortname}]]\n\n[[ranking:gone]]\n\nEnd.`,
        isVisible: true,
      },
      admin,
    );
    const a = res.json() as Article;
    expect(a.bodyHtml).toContain('class="ranking-embed"');
    expect(a.bodyHtml).toContain('Rookie board &lt;b&gt;2027&lt;/b&gt;');
    expect(a.bodyHtml).not.toContain('data-ranking="gone"');
    // A change to the board shows in the article at once.
    await t.post(
      `/api/rankings/${ranking.id}`,
      {
        title: ranking.title,
        kind: 'rookie',
        qbFormat: 'SF',
        entries: [{ playerId: `profile:${prospects[2].id}`, tier: 1 }],
      },
      admin,
    );
    const after = (await t.get(`/api/articles/${a.shortname}`)).json() as Article;
    expect(after.bodyHtml).toContain('The whole board (1 players)');
    const { doc } = await page(`/article/${a.shortname}`);
    expect(doc.querySelector('.ranking-embed li')?.textContent).toContain('Lennox Vale');
  });
});
