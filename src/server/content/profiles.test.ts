import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListAnswer, Profile } from '#common/content.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let superUser: { cookie: string };
let contributor: { cookie: string; user: { id: number } };
let otherContributor: { cookie: string };
let plainUser: { cookie: string };

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, payload: object, cookie?: string) =>
  t.request({ method: 'POST', url, payload, cookie });
const create = async (payload: Record<string, unknown>, cookie?: string) => {
  const res = await post('/api/profiles', { isVisible: true, ...payload }, cookie ?? superUser.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Profile;
};
const names = (res: { json(): unknown }) => (res.json() as ListAnswer<Profile>).items.map((p) => p.name);

beforeAll(async () => {
  t = await makeTestApp();
  superUser = await t.userWithRole('superuser');
  contributor = await t.userWithRole('contributor');
  otherContributor = await t.userWithRole('contributor');
  plainUser = await t.userWithRole('user');
  await create({
    name: 'Rico Banks',
    position: 'RB',
    year: 2026,
    school: 'Alabama',
    height: `5'11"`,
    weight: '210',
  });
  await create({ name: 'Wes Carter', position: 'WR', year: 2026, school: 'LSU' });
  await create({ name: 'Wade Hollins', position: 'wr', year: 2027, school: 'Texas' });
  await create({ name: 'Quinn Daly', position: 'QB', year: 2025, school: 'Oregon' });
  await create({ name: 'Kicker Hidden', position: 'K', year: 2030, school: 'Nowhere', isVisible: false });
});
afterAll(() => t.close());

describe('profile lists', () => {
  it('lists visible profiles newest first with the total', async () => {
    const res = await get('/api/profiles');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Quinn Daly', 'Wade Hollins', 'Wes Carter', 'Rico Banks']);
    expect(res.json()).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect((await get('/api/profiles?limit=3&page=2')).json()).toMatchObject({
      total: 4,
      items: [{ name: 'Rico Banks' }],
    });
  });

  it('filters by position (any case) and class, together or alone', async () => {
    expect(names(await get('/api/profiles?position=WR'))).toEqual(['Wade Hollins', 'Wes Carter']);
    expect(names(await get('/api/profiles?position=wr&year=2026'))).toEqual(['Wes Carter']);
    expect(names(await get('/api/profiles?year=2025'))).toEqual(['Quinn Daly']);
    expect((await get('/api/profiles?position=TE')).json()).toMatchObject({ items: [], total: 0 });
    // Empty filters are left out.
    expect((await get('/api/profiles?position=&year=')).json().total).toBe(4);
    expect((await get('/api/profiles?year=twenty')).statusCode).toBe(400);
  });

  it('keeps hidden profiles from visitors but lists them for admins', async () => {
    expect(names(await get('/api/profiles?position=K'))).toEqual([]);
    expect((await get('/api/profiles/kicker-hidden')).statusCode).toBe(404);
    expect(names(await get('/api/profiles?isAdmin=true&position=K', contributor.cookie))).toEqual([
      'Kicker Hidden',
    ]);
    expect((await get('/api/profiles/kicker-hidden?isAdmin=true', superUser.cookie)).statusCode).toBe(200);
    expect((await get('/api/profiles?isAdmin=true')).statusCode).toBe(401);
    expect((await get('/api/profiles?isAdmin=true', plainUser.cookie)).statusCode).toBe(403);
  });

  it('shows one profile by shortname or id, with measurables', async () => {
    const res = await get('/api/profiles/rico-banks');
    expect(res.statusCode).toBe(200);
    const p = res.json() as Profile;
    expect(p).toMatchObject({
      position: 'RB',
      school: 'Alabama',
      year: 2026,
      height: `5'11"`,
      weight: '210',
    });
    expect((await get(`/api/profiles/${p.id}`)).json().shortname).toBe('rico-banks');
  });

  it('offers the positions and classes of visible profiles for the filter', async () => {
    const res = await get('/api/profile-filters');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ positions: ['QB', 'RB', 'WR'], years: [2025, 2026, 2027] });
  });
});

describe('saving profiles', () => {
  it('applies the same rules as articles', async () => {
    const payload = { name: 'Role Check', position: 'TE', year: 2026 };
    expect((await post('/api/profiles', payload)).statusCode).toBe(401);
    expect((await post('/api/profiles', payload, plainUser.cookie)).statusCode).toBe(403);
    expect(
      (await post('/api/profiles', { ...payload, isVisible: true }, contributor.cookie)).statusCode,
    ).toBe(403);
    const mine = await post('/api/profiles', payload, contributor.cookie);
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      isVisible: false,
      contributorId: contributor.user.id,
      shortname: 'role-check',
    });
    const id = mine.json().id;
    expect(
      (await post(`/api/profiles/${id}`, { ...payload, school: 'Iowa' }, contributor.cookie)).json().school,
    ).toBe('Iowa');
    expect((await post(`/api/profiles/${id}`, payload, otherContributor.cookie)).statusCode).toBe(403);
    const shown = await post(`/api/profiles/${id}`, { ...payload, isVisible: true }, superUser.cookie);
    expect(shown.json()).toMatchObject({ isVisible: true, contributorId: contributor.user.id, school: '' });
  });

  it('validates the fields', async () => {
    expect((await post('/api/profiles', { name: '' }, superUser.cookie)).json().error).toBe('Add a name.');
    expect((await post('/api/profiles', { name: 'X', year: 1800 }, superUser.cookie)).statusCode).toBe(400);
    expect(
      (await post('/api/profiles', { name: 'X', height: 'x'.repeat(21) }, superUser.cookie)).statusCode,
    ).toBe(400);
    const ok = await post('/api/profiles', { name: 'Blank Year', year: '' }, superUser.cookie);
    expect(ok.json().year).toBeNull();
  });

  it('takes a height in feet and inches and a weight in pounds, refusing words, with the field named', async () => {
    const heavy = await post('/api/profiles', { name: 'X', weight: 'heavy' }, superUser.cookie);
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json()).toEqual({
      error: 'Give the weight in pounds, a whole number from 100 to 450.',
      field: 'weight',
    });
    const tall = await post('/api/profiles', { name: 'X', height: 'tall' }, superUser.cookie);
    expect(tall.json()).toMatchObject({ field: 'height', error: expect.stringMatching(/feet and inches/) });
    const saved = await post(
      '/api/profiles',
      { name: 'Sized', height: '6-1', weight: 215 },
      superUser.cookie,
    );
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ height: `6'1"`, weight: '215' });
  });
});
