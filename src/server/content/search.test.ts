import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListAnswer, SearchResult } from '#common/content.ts';
import { queryRows } from '#server/db/query.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let superUser: { cookie: string };

const search = async (term: string, extra = '') => {
  const res = await t.request({
    method: 'GET',
    url: `/api/search?search=${encodeURIComponent(term)}${extra}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListAnswer<SearchResult>;
};
const save = async (kind: 'articles' | 'profiles', payload: Record<string, unknown>) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/${kind}`,
    cookie: superUser.cookie,
    payload: { isVisible: true, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await makeTestApp();
  superUser = await t.userWithRole('superuser', { name: 'Sam Editor' });
  await save('profiles', {
    name: "Ja'Marr Chase",
    position: 'WR',
    school: 'LSU',
    year: 2021,
    body: 'A **dominant** receiver with elite ball skills.',
  });
  await save('profiles', { name: 'Chase Brown', position: 'RB', school: 'Illinois', year: 2023 });
  await save('articles', {
    title: 'Superflex Strategy: Why Two Quarterbacks Beat Three Receivers',
    body: 'Quarterbacks are scarce. [[video:https://www.youtube.com/watch?v=dQw4w9WgXcQ]] Pay for them.',
  });
  await save('articles', {
    title: 'Buy-low running backs',
    body: 'A note on superflex leagues in passing, then running backs all the way down.',
  });
  await save('articles', {
    title: 'Hidden superflex draft',
    body: 'superflex superflex superflex',
    isVisible: false,
  });
  await save('profiles', { name: 'Hidden Superflex Prospect', position: 'QB', isVisible: false });
});
afterAll(() => t.close());

describe('site search', () => {
  it('ranks a title match above a passing mention and merges both kinds', async () => {
    const res = await search('superflex');
    expect(res.items.map((r) => r.header)).toEqual([
      'Superflex Strategy: Why Two Quarterbacks Beat Three Receivers',
      'Buy-low running backs',
    ]);
    expect(res.total).toBe(2);
    expect(res.items[0]).toMatchObject({ type: 'article', author: 'Sam Editor' });
    expect(res.items[0].preview).toBe('Quarterbacks are scarce. Pay for them.');
  });

  it('finds a misspelt prospect name', async () => {
    for (const term of ['Jamar Chase', 'jamarr chase', "Ja'Marr Chase", 'Ja Marr Chase']) {
      const res = await search(term);
      expect(res.items[0], term).toMatchObject({
        type: 'profile',
        shortname: 'jamarr-chase',
        header: "Ja'Marr Chase, WR, LSU",
        preview: 'A dominant receiver with elite ball skills.',
      });
    }
  });

  it('finds a name written with an apostrophe typed without it (migration 0140)', async () => {
    await save('profiles', { name: 'Ja’Quan Underwood', position: 'RB', school: 'Auburn', year: 2027 });
    await save('articles', { title: "D'Andre Swift and the second contract", body: 'A back in his prime.' });
    for (const term of ['jaquan', 'JaQuan Underwood', "Ja'Quan", 'ja’quan']) {
      expect(
        (await search(term)).items.map((r) => r.shortname),
        term,
      ).toEqual(['jaquan-underwood']);
      const listed = await t.request({
        method: 'GET',
        url: `/api/profiles?search=${encodeURIComponent(term)}`,
      });
      expect(
        listed.json().items.map((p: { name: string }) => p.name),
        term,
      ).toEqual(['Ja’Quan Underwood']);
    }
    // Stemmed as the query is: "dandre" and "d'andre" alike.
    for (const term of ['dandre swift', 'dandre', "D'Andre"])
      expect(
        (await search(term)).items.map((r) => r.header),
        term,
      ).toEqual(["D'Andre Swift and the second contract"]);
    // A word without an apostrophe is not doubled: "swift" ranks as before, once in the title.
    const [row] = await queryRows<{ v: string }>(
      t.database.db,
      sql`SELECT search::text AS v FROM articles WHERE title LIKE 'D''Andre%'`,
    );
    expect(row.v).toContain("'dandr':");
    expect(row.v).toMatch(/'swift':\d+A(?!,)/);
  });

  it('joins an accented name at its apostrophe on every database, whatever its locale (migration 0150)', async () => {
    await save('profiles', { name: 'Ja’Quán Ellis', position: 'WR', school: 'Miami', year: 2027 });
    for (const term of ['jaquán', 'Ja’Quán Ellis', 'jaquán ellis'])
      expect(
        (await search(term)).items.map((r) => r.header),
        term,
      ).toEqual(['Ja’Quán Ellis, WR, Miami']);
    const [row] = await queryRows<{ words: string }>(
      t.database.db,
      sql`SELECT apostrophe_words('Ja’Quán (D''Andre) rock''n''roll-era') AS words`,
    );
    expect(row.words).toBe('JaQuán (DAndre) rocknroll-era');
  });

  it('finds every kind of item for a shared word, best first', async () => {
    const res = await search('chase');
    expect(res.items.map((r) => r.shortname).sort()).toEqual(['chase-brown', 'jamarr-chase']);
  });

  it('understands web search syntax', async () => {
    expect((await search('"running backs" -superflex')).items).toEqual([]);
    expect((await search('quarterbacks OR receiver')).items.map((r) => r.type).sort()).toEqual([
      'article',
      'profile',
    ]);
  });

  it('never finds hidden items', async () => {
    const res = await search('hidden superflex');
    expect(res.items.every((r) => !/hidden/i.test(r.header))).toBe(true);
    expect(
      (await search('Hidden Superflex Prospect')).items.some((r) => r.shortname.includes('hidden')),
    ).toBe(false);
  });

  it('pages its answer', async () => {
    const first = await search('superflex', '&limit=1');
    const second = await search('superflex', '&limit=1&page=2');
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.items[0].shortname).not.toBe(second.items[0].shortname);
    expect(second.total).toBe(2);
  });

  it('answers an empty list for an empty term and survives odd input', async () => {
    expect(await search('')).toMatchObject({ items: [], total: 0 });
    for (const term of ['&', '!!!', "'", 'a & b | c', '(', 'the', '%_%', '\\', 'x'.repeat(200)])
      expect((await search(term)).items).toBeInstanceOf(Array);
    expect(
      (await t.request({ method: 'GET', url: `/api/search?search=${'x'.repeat(201)}` })).statusCode,
    ).toBe(400);
  });

  it('also filters the list routes, which stay newest first', async () => {
    const articles = await t.request({ method: 'GET', url: '/api/articles?search=superflex' });
    expect(articles.json().items.map((a: { title: string }) => a.title)).toEqual([
      'Buy-low running backs',
      'Superflex Strategy: Why Two Quarterbacks Beat Three Receivers',
    ]);
    const profiles = await t.request({ method: 'GET', url: '/api/profiles?search=Jamar%20Chase' });
    expect(profiles.json().items.map((p: { name: string }) => p.name)).toContain("Ja'Marr Chase");
    const none = await t.request({ method: 'GET', url: '/api/profiles?search=superflex&position=RB' });
    expect(none.json().total).toBe(0);
  });

  it('finds the very items the list routes find for a term (one set of text tests)', async () => {
    // Site search is the database function search_content; the lists filter with text-search.ts.
    for (const term of ['superflex', 'Jamar Chase', 'chase', 'quarterbacks', '"running backs"', 'LSU']) {
      const found = (await search(term)).items;
      const listed = async (kind: 'articles' | 'profiles') =>
        (await t.request({ method: 'GET', url: `/api/${kind}?search=${encodeURIComponent(term)}` }))
          .json()
          .items.map((i: { shortname: string }) => i.shortname)
          .sort();
      const of = (type: string) =>
        found
          .filter((r) => r.type === type)
          .map((r) => r.shortname)
          .sort();
      expect(of('article'), term).toEqual(await listed('articles'));
      expect(of('profile'), term).toEqual(await listed('profiles'));
    }
  });

  it('keeps each text vector in its row, where ranking and phrase checks read it (migration 0130)', async () => {
    // attstorage 'm' (MAIN): compressed in the row, moved out of line only when nothing else fits.
    const rows = await queryRows<{ table: string; storage: string }>(
      t.database.db,
      sql`SELECT c.relname AS "table", a.attstorage AS storage
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
           WHERE a.attname = 'search' AND c.relname IN ('articles', 'profiles', 'rankings')
           ORDER BY c.relname`,
    );
    expect(rows).toEqual([
      { table: 'articles', storage: 'm' },
      { table: 'profiles', storage: 'm' },
      { table: 'rankings', storage: 'm' },
    ]);
  });
});
