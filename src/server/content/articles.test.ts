import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ListAnswer } from '#common/content.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let superUser: { cookie: string; user: { id: number } };
let contributor: { cookie: string; user: { id: number; name: string } };
let otherContributor: { cookie: string; user: { id: number } };
let plainUser: { cookie: string };

beforeAll(async () => {
  t = await makeTestApp();
  // One at a time: the helper numbers its users' e-mails as it goes.
  superUser = await t.userWithRole('superuser');
  contributor = await t.userWithRole('contributor', { name: 'Casey Writer' });
  otherContributor = await t.userWithRole('contributor');
  plainUser = await t.userWithRole('user');
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, cookie });
const create = async (payload: Record<string, unknown>, cookie = superUser.cookie) => {
  const res = await post('/api/articles', { isVisible: true, ...payload }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Article;
};
const countRows = async () =>
  (await get('/api/articles?isAdmin=true&limit=1', superUser.cookie)).json().total as number;

describe('shortnames', () => {
  it('come from the title, get -2, -3 on collision and stay when the title changes', async () => {
    const a = await create({ title: "Ja'Marr Chase: Still the WR1?" });
    const b = await create({ title: "Ja'Marr Chase: still the WR1" });
    const c = await create({ title: "Ja'Marr Chase — still the WR1!" });
    expect([a.shortname, b.shortname, c.shortname]).toEqual([
      'jamarr-chase-still-the-wr1',
      'jamarr-chase-still-the-wr1-2',
      'jamarr-chase-still-the-wr1-3',
    ]);
    const res = await post(
      `/api/articles/${a.id}`,
      { title: 'A new title entirely', isVisible: true },
      superUser.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'A new title entirely',
      shortname: 'jamarr-chase-still-the-wr1',
    });
    expect((await get('/api/articles/jamarr-chase-still-the-wr1')).json().title).toBe('A new title entirely');
  });

  it('are never all digits, so a number in the address is always an id', async () => {
    const a = await create({ title: '2027' });
    expect(a.shortname).toBe('article-2027');
  });

  it('stay unique when creates race, however many', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        post('/api/articles', { title: 'Race condition', isVisible: true }, superUser.cookie),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.json().shortname)).size).toBe(12);
  });
});

describe('lists and details', () => {
  let visible: Article[];
  let hidden: Article;
  beforeAll(async () => {
    visible = [];
    for (let i = 0; i < 5; i++)
      visible.push(await create({ title: `Paging article ${i}`, tags: [{ name: 'Paging' }] }));
    hidden = await create({ title: 'Secret hidden draft', isVisible: false });
  });

  it('answers newest first with the total, page and limit', async () => {
    const first = (await get('/api/articles?limit=2')).json() as ListAnswer<Article>;
    expect(first.page).toBe(1);
    expect(first.limit).toBe(2);
    expect(first.items.map((a) => a.title)).toEqual(['Paging article 4', 'Paging article 3']);
    const second = (await get('/api/articles?limit=2&page=2')).json() as ListAnswer<Article>;
    expect(second.items.map((a) => a.title)).toEqual(['Paging article 2', 'Paging article 1']);
    expect(second.total).toBe(first.total);
    const all = (await get('/api/articles?limit=100')).json() as ListAnswer<Article>;
    expect(all.total).toBe(all.items.length);
    // Lists carry the Markdown source for previews, not the rendered body.
    expect(all.items[0].body).toBeDefined();
    expect(all.items[0]).not.toHaveProperty('bodyHtml');
  });

  it('lists only the articles with a tag, in any case, paged; hidden ones left out', async () => {
    const tagged = await create({ title: 'Tagged rookie notes', tags: [{ name: 'Rookie Watch' }] });
    await create({ title: 'Tagged but hidden', tags: [{ name: 'Rookie Watch' }], isVisible: false });
    const list = (await get('/api/articles?tag=rookie%20watch')).json() as ListAnswer<Article>;
    expect(list.items.map((a) => a.id)).toEqual([tagged.id]);
    expect(list.total).toBe(1);
    const paging = (await get('/api/articles?tag=Paging&limit=2&page=3')).json() as ListAnswer<Article>;
    expect([paging.total, paging.items.map((a) => a.title)]).toEqual([5, ['Paging article 0']]);
    // Each tag's list is its own public answer: one tag's page never stands in for another's.
    expect((await get('/api/articles?tag=nothing-tagged')).json().total).toBe(0);
    expect((await get('/api/articles?tag=')).json().total).toBe((await get('/api/articles')).json().total);
    expect((await get(`/api/articles?tag=${'x'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('defaults to 20 a page and refuses a limit over 100', async () => {
    expect((await get('/api/articles')).json().limit).toBe(20);
    const res = await get('/api/articles?limit=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/limit/);
    expect((await get('/api/articles?page=0')).statusCode).toBe(400);
  });

  it('shows the article with its contributor, tags, date and rendered body', async () => {
    const res = await get(`/api/articles/${visible[0].shortname}`);
    expect(res.statusCode).toBe(200);
    const a = res.json() as Article;
    expect(a).toMatchObject({ id: visible[0].id, tags: [{ name: 'Paging' }], isVisible: true });
    expect(a.contributor).toEqual({ name: expect.any(String) });
    expect(new Date(a.date).toISOString()).toBe(a.date);
    expect((await get(`/api/articles/${visible[0].id}`)).json().shortname).toBe(visible[0].shortname);
  });

  it('never shows a hidden article to visitors', async () => {
    const list = (await get('/api/articles?limit=100')).json() as ListAnswer<Article>;
    expect(list.items.some((a) => a.id === hidden.id)).toBe(false);
    expect((await get(`/api/articles/${hidden.id}`)).statusCode).toBe(404);
    const byName = await get(`/api/articles/${hidden.shortname}`);
    expect(byName.statusCode).toBe(404);
    expect(byName.json()).toEqual({ error: 'Article not found.' });
    // Not even to a logged-in contributor on the public address.
    expect((await get(`/api/articles/${hidden.id}`, contributor.cookie)).statusCode).toBe(404);
  });

  it('lists and shows hidden articles with isAdmin to contributors and super users, never cached', async () => {
    for (const who of [contributor, superUser]) {
      const list = await get('/api/articles?isAdmin=true&limit=100', who.cookie);
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.headers.etag).toBeUndefined();
      expect((list.json() as ListAnswer<Article>).items.some((a) => a.id === hidden.id)).toBe(true);
      const one = await get(`/api/articles/${hidden.id}?isAdmin=true`, who.cookie);
      expect(one.statusCode).toBe(200);
      expect(one.json().isVisible).toBe(false);
    }
  });

  it('refuses isAdmin to visitors (401) and plain users (403)', async () => {
    expect((await get('/api/articles?isAdmin=true')).statusCode).toBe(401);
    expect((await get('/api/articles?isAdmin=true', plainUser.cookie)).statusCode).toBe(403);
    expect((await get(`/api/articles/${hidden.id}?isAdmin=true`)).statusCode).toBe(401);
    expect((await get(`/api/articles/${hidden.id}?isAdmin=true`, plainUser.cookie)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id or shortname', async () => {
    expect((await get('/api/articles/999999')).statusCode).toBe(404);
    expect((await get('/api/articles/99999999999999999999')).statusCode).toBe(404);
    expect((await get('/api/articles/no-such-article')).statusCode).toBe(404);
  });
});

describe('who may create and edit', () => {
  const payload = { title: 'Permission check', body: 'Body' };

  it('refuses visitors (401) and plain users (403), even with a bad body', async () => {
    expect((await post('/api/articles', payload)).statusCode).toBe(401);
    expect((await post('/api/articles', {})).statusCode).toBe(401);
    expect((await post('/api/articles', payload, plainUser.cookie)).statusCode).toBe(403);
    expect((await post('/api/articles/1', payload, plainUser.cookie)).statusCode).toBe(403);
  });

  it('lets a contributor create: authored by them and hidden until a super user shows it', async () => {
    const res = await post('/api/articles', payload, contributor.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      contributorId: contributor.user.id,
      contributor: { name: 'Casey Writer' },
      isVisible: false,
    });
  });

  it('lets a contributor edit their own article but not another contributor’s', async () => {
    const own = (await post('/api/articles', payload, contributor.cookie)).json() as Article;
    const theirs = (await post('/api/articles', payload, otherContributor.cookie)).json() as Article;
    const edit = await post(`/api/articles/${own.id}`, { ...payload, title: 'Edited' }, contributor.cookie);
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      title: 'Edited',
      isVisible: false,
      contributorId: contributor.user.id,
    });
    const refused = await post(
      `/api/articles/${theirs.id}`,
      { ...payload, title: 'Hijack' },
      contributor.cookie,
    );
    expect(refused.statusCode).toBe(403);
    const after = await get(`/api/articles/${theirs.id}?isAdmin=true`, superUser.cookie);
    expect(after.json().title).toBe('Permission check');
  });

  it('lets a super user edit anything, choose the author and set visibility', async () => {
    const draft = (await post('/api/articles', payload, contributor.cookie)).json() as Article;
    const res = await post(
      `/api/articles/${draft.id}`,
      { ...payload, isVisible: true, contributorId: otherContributor.user.id },
      superUser.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isVisible: true, contributorId: otherContributor.user.id });
    expect((await get(`/api/articles/${draft.id}`)).statusCode).toBe(200);
    const created = await post(
      '/api/articles',
      { ...payload, contributorId: contributor.user.id },
      superUser.cookie,
    );
    expect(created.json()).toMatchObject({ contributorId: contributor.user.id, isVisible: false });
  });

  it('refuses an author who is not a contributor', async () => {
    const plain = await t.userWithRole('user');
    const res = await post('/api/articles', { ...payload, contributorId: plain.user.id }, superUser.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Contributor/);
  });

  it('answers 404 when saving an article that does not exist', async () => {
    expect((await post('/api/articles/999999', payload, superUser.cookie)).statusCode).toBe(404);
  });
});

describe('mass assignment', () => {
  const payload = { title: 'Mass assignment', body: 'Body' };

  it('refuses isVisible from a contributor, on create and on edit, and writes nothing', async () => {
    const before = await countRows();
    for (const isVisible of [true, false]) {
      const res = await post('/api/articles', { ...payload, isVisible }, contributor.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/visible/);
    }
    expect(await countRows()).toBe(before);
    const own = (await post('/api/articles', payload, contributor.cookie)).json() as Article;
    expect(
      (await post(`/api/articles/${own.id}`, { ...payload, isVisible: true }, contributor.cookie)).statusCode,
    ).toBe(403);
    expect((await get(`/api/articles/${own.id}`)).statusCode).toBe(404);
  });

  it('refuses another author from a contributor', async () => {
    const res = await post(
      '/api/articles',
      { ...payload, contributorId: otherContributor.user.id },
      contributor.cookie,
    );
    expect(res.statusCode).toBe(403);
    const own = (
      await post('/api/articles', { ...payload, contributorId: contributor.user.id }, contributor.cookie)
    ).json();
    const edit = await post(
      `/api/articles/${own.id}`,
      { ...payload, contributorId: otherContributor.user.id },
      contributor.cookie,
    );
    expect(edit.statusCode).toBe(403);
  });

  it('ignores an id, date, shortname or rendered body in the payload', async () => {
    const own = (await post('/api/articles', payload, contributor.cookie)).json() as Article;
    const res = await post(
      `/api/articles/${own.id}`,
      {
        ...payload,
        id: 1,
        date: '2001-01-01T00:00:00.000Z',
        shortname: 'taken-over',
        bodyHtml: '<script>alert(1)</script>',
      },
      contributor.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: own.id,
      date: own.date,
      shortname: own.shortname,
      bodyHtml: '<p>Body</p>',
    });
    const created = await post(
      '/api/articles',
      { ...payload, id: 1, date: '2001-01-01T00:00:00.000Z' },
      superUser.cookie,
    );
    expect(created.json().id).not.toBe(1);
    expect(created.json().date.startsWith('2001')).toBe(false);
  });
});

describe('validation', () => {
  it('answers 400 with what was wrong, and writes nothing', async () => {
    const before = await countRows();
    // In people's words: what to do, not which schema rule failed.
    const cases: [unknown, string][] = [
      [{}, 'Add a title.'],
      [{ title: '   ' }, 'Add a title.'],
      [{ title: 'x'.repeat(201) }, 'Keep the title to 200 characters.'],
      [{ title: 'Tags', tags: 'rookies' }, 'The tags should be a list.'],
      [{ title: 'Tags', tags: [{ name: '' }] }, 'A tag needs a name.'],
      [
        { title: 'Image', image: 'javascript:alert(1)' },
        'Use a site path such as /images/x.svg or an http(s) address for the image.',
      ],
      [{ title: 'Author', contributorId: 'me' }, 'The contributor should be a number.'],
      [
        { title: '', description: 'x'.repeat(1001) },
        'Add a title. The description is too long (1000 characters at most).',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/articles', payload, superUser.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const broken = await t.request({
      method: 'POST',
      url: '/api/articles',
      cookie: superUser.cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('keeps tags once each, in the order given', async () => {
    const a = await create({
      title: 'Tagged',
      tags: [{ name: 'Rookies' }, { name: ' rookies ' }, { name: 'Superflex' }],
    });
    expect(a.tags).toEqual([{ name: 'Rookies' }, { name: 'Superflex' }]);
  });
});

describe('markdown', () => {
  it('strips scripts, event handlers and javascript: links, and turns a video line into an embed', async () => {
    const body = [
      '# Heading',
      '',
      'Text <script>alert(1)</script> <img src="https://x.test/a.png" onerror="alert(2)"> <a href="javascript:alert(3)">bad</a> <b onclick="x()">bold</b>',
      '',
      '[[video:https://www.youtube.com/watch?v=dQw4w9WgXcQ]]',
      '',
      '[[video:https://vimeo.com/76979871]]',
      '',
      '[[video:https://evil.test/movie]]',
      '',
      '<iframe src="https://www.youtube-nocookie.com/embed/aaaaaaaaaaa"></iframe>',
      '<svg onload="alert(4)"></svg><style>body{}</style>',
    ].join('\n');
    const a = await create({ title: 'Markdown', body });
    expect(a.body).toBe(body);
    const html = a.bodyHtml;
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<style|<svg|evil\.test/i);
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<b>bold</b>');
    const iframes = html.match(/<iframe[^>]*>/g) ?? [];
    expect(iframes).toHaveLength(2);
    expect(iframes[0]).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(iframes[1]).toContain('src="https://player.vimeo.com/video/76979871?dnt=1"');
    for (const f of iframes) expect(f).toContain('loading="lazy"');
  });
});
