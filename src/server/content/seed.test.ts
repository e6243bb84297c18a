import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem, ListAnswer, Profile } from '#common/content.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { articles, profiles } from '../db/schema.ts';
import { seedDemoContent } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('demo content', () => {
  // How long seeding takes is measured in bench/timings.ts.
  it('fills an empty database, once', async () => {
    const seeded = await seedDemoContent(t.database.db);
    expect(seeded.articles).toBeGreaterThanOrEqual(20);
    expect(seeded.profiles).toBeGreaterThanOrEqual(25);
    expect(await seedDemoContent(t.database.db)).toEqual({ articles: 0, profiles: 0 });
    const [{ n }] = await t.database.db.select({ n: count() }).from(articles);
    expect(n).toBe(seeded.articles);
  });

  it('has visible and hidden items, authors, tags, videos and local images', async () => {
    const list = (
      await t.request({ method: 'GET', url: '/api/articles?limit=100' })
    ).json() as ListAnswer<ArticleListItem>;
    const [{ n: all }] = await t.database.db.select({ n: count() }).from(articles);
    expect(list.total).toBeLessThan(all);
    expect(list.items.every((a) => a.contributor?.name && a.tags.length > 0)).toBe(true);
    const withVideo = list.items.filter((a) => a.body.includes('[[video:'));
    expect(withVideo.length).toBeGreaterThan(0);
    const detail = await t.request({ method: 'GET', url: `/api/articles/${withVideo[0].shortname}` });
    expect(detail.json().bodyHtml).toContain('youtube-nocookie.com/embed/');
    expect(list.items.some((a) => a.image === '')).toBe(true);
    expect(list.items.every((a) => a.image === '' || a.image.startsWith('/images/'))).toBe(true);
    const people = (
      await t.request({ method: 'GET', url: '/api/profiles?limit=100' })
    ).json() as ListAnswer<Profile>;
    expect(new Set(people.items.map((p) => p.position))).toEqual(new Set(['QB', 'RB', 'WR', 'TE']));
    expect(new Set(people.items.map((p) => p.year))).toEqual(new Set([2025, 2026, 2027]));
    expect(people.items.every((p) => /^\d'\d{1,2}"$/.test(p.height) && /^\d{3}$/.test(p.weight))).toBe(true);
  });

  it('leaves a database with content alone', async () => {
    const other = await makeTestApp();
    try {
      const { cookie } = await other.userWithRole('superuser');
      await other.request({ method: 'POST', url: '/api/articles', cookie, payload: { title: 'Mine' } });
      expect(await seedDemoContent(other.database.db)).toEqual({ articles: 0, profiles: 0 });
      const [{ n }] = await other.database.db.select({ n: count() }).from(profiles);
      expect(n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
