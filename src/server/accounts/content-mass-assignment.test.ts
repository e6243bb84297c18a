import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/users.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { articles, profiles } from '../db/schema.ts';

type Actor = { user: User; cookie: string };

/*
 * Mass assignment on articles and profiles: fields a contributor may not set (visibility, another
 * author) are refused with 403; fields nobody sets (id, shortname, date, rendered HTML, the author
 * object) are dropped, so sending them by hand changes nothing.
 */
describe(`articles and profiles refuse fields the sender may not set (${testDbKind})`, () => {
  let t: TestApp;
  let owner: Actor;
  let other: Actor;
  let plain: Actor;
  let superUser: Actor;
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await t.userWithRole('contributor');
    other = await t.userWithRole('contributor');
    plain = await t.userWithRole('user');
    superUser = await t.userWithRole('superuser');
  });
  afterAll(() => t.close());

  const kinds = [
    {
      kind: 'article',
      path: '/api/articles',
      table: articles,
      input: { title: 'Owned', description: 'd', body: 'Some *body*', tags: [{ name: 'x' }] },
    },
    {
      kind: 'profile',
      path: '/api/profiles',
      table: profiles,
      input: { name: 'Owned', position: 'WR', school: 'Tech', year: 2020, body: 'Some *body*' },
    },
  ] as const;

  describe.each(kinds)('$kind', ({ path, table, input }) => {
    const post = (url: string, payload: object, who: Actor) =>
      t.request({ method: 'POST', url, payload, cookie: who.cookie });
    const row = async (id: number) => (await t.database.db.select().from(table).where(eq(table.id, id)))[0];
    let id: number;
    beforeAll(async () => {
      const res = await post(path, input, owner);
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    });

    it('starts a contributor’s new item hidden and authored by them', async () => {
      expect(await row(id)).toMatchObject({ isVisible: false, contributorId: owner.user.id });
    });

    it.each([
      ['isVisible: true', () => ({ isVisible: true })],
      ['isVisible: false (even unchanged)', () => ({ isVisible: false })],
      ['another author', () => ({ contributorId: other.user.id })],
    ])('refuses a contributor who sends %s with 403 and changes nothing', async (_label, extra) => {
      const before = await row(id);
      const payload = { ...input, ...extra() };
      const res = await post(`${path}/${id}`, payload, owner);
      expect(res.statusCode).toBe(403);
      expect(await row(id)).toEqual(before);
      // Creating with them is refused too.
      expect((await post(path, payload, owner)).statusCode).toBe(403);
    });

    it("refuses another contributor's edit and a plain user's, changing nothing", async () => {
      const before = await row(id);
      expect(
        (await post(`${path}/${id}`, { ...input, name: 'Taken', title: 'Taken' }, other)).statusCode,
      ).toBe(403);
      expect(
        (await post(`${path}/${id}`, { ...input, name: 'Taken', title: 'Taken' }, plain)).statusCode,
      ).toBe(403);
      expect(await row(id)).toEqual(before);
    });

    it('ignores id, shortname, date, rendered HTML, author object and timestamps sent by hand', async () => {
      const before = await row(id);
      const res = await post(
        `${path}/${id}`,
        {
          ...input,
          id: id + 1000,
          shortname: 'hijacked-shortname',
          date: '1999-01-01T00:00:00.000Z',
          bodyHtml: '<script>alert(1)</script>',
          body_html: '<script>alert(1)</script>',
          contributor: { name: 'Someone Else' },
          updatedAt: '1999-01-01T00:00:00.000Z',
          search: 'x',
        },
        owner,
      );
      expect(res.statusCode).toBe(200);
      const after = await row(id);
      expect(after.id).toBe(id);
      expect(after.shortname).toBe(before.shortname);
      expect(after.date).toEqual(before.date);
      expect(after.bodyHtml).not.toContain('<script');
      expect(after.bodyHtml).toContain('<em>body</em>');
      expect(after.contributorId).toBe(owner.user.id);
      expect(after.isVisible).toBe(false);
    });

    it('ignores a __proto__ payload', async () => {
      const payload = JSON.parse(JSON.stringify(input).replace(/^\{/, '{"__proto__":{"isVisible":true},'));
      const res = await t.request({
        method: 'POST',
        url: `${path}/${id}`,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
        cookie: owner.cookie,
      });
      expect([200, 400]).toContain(res.statusCode);
      expect((await row(id)).isVisible).toBe(false);
    });

    it('lets a super user publish and re-assign, but only to a contributor', async () => {
      const res = await post(
        `${path}/${id}`,
        { ...input, isVisible: true, contributorId: other.user.id },
        superUser,
      );
      expect(res.statusCode).toBe(200);
      expect(await row(id)).toMatchObject({ isVisible: true, contributorId: other.user.id });
      expect(
        (await post(`${path}/${id}`, { ...input, contributorId: plain.user.id }, superUser)).statusCode,
      ).toBe(400);
    });
  });
});
