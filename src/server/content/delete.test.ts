import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, Profile } from '#common/content.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let superUser: { cookie: string; user: { id: number } };

beforeAll(async () => {
  t = await makeTestApp();
  superUser = await t.userWithRole('superuser');
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const del = (url: string, cookie?: string) => t.request({ method: 'DELETE', url, cookie });
const create = async <T>(kind: 'articles' | 'profiles', payload: object, cookie: string) => {
  const res = await t.request({ method: 'POST', url: `/api/${kind}`, payload, cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
};

describe('deleting an article or a profile', () => {
  it('takes it out of the detail page, lists, search and the sitemap at once', async () => {
    const a = await create<Article>(
      'articles',
      { title: 'Zanzibarian sleeper picks', description: 'd', body: 'b', tags: [], isVisible: true },
      superUser.cookie,
    );
    // Warm every cached public answer first, so a stale cache would show.
    expect((await get(`/api/articles/${a.shortname}`)).statusCode).toBe(200);
    expect((await get('/api/search?search=zanzibarian')).json().total).toBe(1);
    expect((await get('/sitemap.xml')).body).toContain(a.shortname);
    const before = (await get('/api/articles')).json().total as number;

    expect((await del(`/api/articles/${a.id}`, superUser.cookie)).statusCode).toBe(204);

    expect((await get(`/api/articles/${a.shortname}`)).statusCode).toBe(404);
    expect((await get('/api/search?search=zanzibarian')).json().total).toBe(0);
    expect((await get('/sitemap.xml')).body).not.toContain(a.shortname);
    expect((await get('/api/articles')).json().total).toBe(before - 1);
    expect((await del(`/api/articles/${a.id}`, superUser.cookie)).statusCode).toBe(404);
  });

  it("lets a contributor delete their own profile, never another's", async () => {
    const mine = await t.userWithRole('contributor');
    const other = await t.userWithRole('contributor');
    const p = await create<Profile>('profiles', { name: 'Quill Prospect', position: 'RB' }, mine.cookie);
    const refused = await del(`/api/profiles/${p.id}`, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Contributors may only delete their own profiles.');
    expect((await del(`/api/profiles/${p.shortname}`, mine.cookie)).statusCode).toBe(204);
    expect((await get(`/api/profiles/${p.id}?isAdmin=true`, superUser.cookie)).statusCode).toBe(404);
  });
});

describe('deleting a user', () => {
  it('hands their articles and profiles to the chosen contributor', async () => {
    const leaving = await t.userWithRole('contributor', { name: 'Leaving Writer' });
    const heir = await t.userWithRole('contributor', { name: 'Heir Writer' });
    const a = await create<Article>('articles', { title: 'Handed over', tags: [] }, leaving.cookie);
    const p = await create<Profile>('profiles', { name: 'Handed Prospect' }, leaving.cookie);
    const res = await del(`/api/users/${leaving.user.id}?contentTo=${heir.user.id}`, superUser.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: leaving.user.id, articles: 1, profiles: 1 });
    const article = (await get(`/api/articles/${a.id}?isAdmin=true`, superUser.cookie)).json();
    expect(article).toMatchObject({ contributorId: heir.user.id, contributor: { name: 'Heir Writer' } });
    const profile = (await get(`/api/profiles/${p.id}?isAdmin=true`, superUser.cookie)).json();
    expect(profile.contributorId).toBe(heir.user.id);
    // Their session ended with the account.
    expect((await get('/api/users/currentUser', leaving.cookie)).statusCode).toBe(401);
  });

  it('keeps their visible content up, with no author, when no one is chosen', async () => {
    const leaving = await t.userWithRole('contributor', { name: 'Gone Writer' });
    const a = await create<Article>(
      'articles',
      { title: 'Still here', tags: [], isVisible: true },
      superUser.cookie,
    );
    await t.request({
      method: 'POST',
      url: `/api/articles/${a.id}`,
      payload: { title: 'Still here', tags: [], contributorId: leaving.user.id },
      cookie: superUser.cookie,
    });
    expect((await get(`/api/articles/${a.id}`)).json().contributor).toEqual({ name: 'Gone Writer' });
    expect((await del(`/api/users/${leaving.user.id}`, superUser.cookie)).statusCode).toBe(200);
    const after = (await get(`/api/articles/${a.id}`)).json();
    expect(after).toMatchObject({ title: 'Still here', contributorId: null, contributor: null });
  });

  it('refuses an heir who cannot author, and a super user deleting their own account', async () => {
    const leaving = await t.userWithRole('contributor');
    const plain = await t.userWithRole('user');
    const res = await del(`/api/users/${leaving.user.id}?contentTo=${plain.user.id}`, superUser.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The contributor chosen to take over the content was not found.');
    expect((await get(`/api/users/${leaving.user.id}`, superUser.cookie)).statusCode).toBe(200);
    const self = await del(`/api/users/${superUser.user.id}`, superUser.cookie);
    expect(self.statusCode).toBe(409);
    expect((await del('/api/users/2147483000', superUser.cookie)).statusCode).toBe(404);
  });
});
