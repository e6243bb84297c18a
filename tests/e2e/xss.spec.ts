import type { APIRequestContext, Page } from '@playwright/test';
import type { Article, Profile } from '#common/content.ts';
import type { User } from '#common/users.ts';
import { PAYLOADS, SHORT } from '#test/xss-payloads.ts';
import { addAccount, expect, logInByApi, test } from './admin-support.ts';
import { pageSettled, unique } from './support.ts';

/*
 * Script-injection payloads saved in every text field of articles, profiles and users must never run
 * on the public pages or in the admin panel. The browser runs with the Content-Security-Policy
 * switched off (bypassCSP), so what is tested is the escaping and sanitising, not the CSP that
 * backs them up. A dialog fails the test; so does any on* attribute or javascript: address that
 * made it into the page.
 *
 * Nothing is published: other specs read the newest public items of the same server at the same
 * time. The public pages are shown the hidden payload items (as the server stored and rendered
 * them) by answering their public API calls in the browser.
 */

/** Fits a payload into a field of at most max characters, else a short one that fits. */
const fitTo = (payload: string, max: number) =>
  payload.length <= max ? payload : (SHORT.filter((s) => s.length <= max).pop() ?? '');
/** As many payloads as fit in max characters, joined. */
const pack = (max: number, sep = ' ') => {
  let out = '';
  for (const p of PAYLOADS) if ((out + sep + p).length <= max) out = out ? out + sep + p : p;
  return out;
};
const body = PAYLOADS.join('\n\n');

/** Everything on the page that could run script: on* attributes and javascript: addresses. */
async function scriptableBits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Attributes the browser follows as addresses (a text input's value is only text).
    const urlAttributes = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'data',
      'xlink:href',
      'srcdoc',
      'poster',
    ]);
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const value = attr.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
        if (attr.name.toLowerCase().startsWith('on'))
          found.push(`<${el.tagName.toLowerCase()} ${attr.name}>`);
        else if (
          urlAttributes.has(attr.name.toLowerCase()) &&
          /^(javascript|vbscript|data:text\/html)/.test(value)
        )
          found.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value.slice(0, 60)}">`);
      }
      if (el.tagName === 'META' && /refresh/i.test(el.getAttribute('http-equiv') ?? ''))
        found.push('<meta http-equiv=refresh>');
    }
    return found;
  });
}

/** Visits each path (or, with none, checks the page shown, under `shown`) for script-capable markup. */
async function visitAll(page: Page, paths: string[], dialogs: string[], shown?: string) {
  for (const path of shown ? [shown] : paths) {
    if (!shown) await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Give focus, hover and toggle handlers, and lazy images, their chance to fire.
    await page.mouse.move(200, 300);
    await pageSettled(page);
    expect(await scriptableBits(page), `script-capable markup on ${path}`).toEqual([]);
    expect(dialogs, `a dialog opened on ${path}`).toEqual([]);
  }
}

/** Makes the public pages see the (hidden) article and profile as the newest public items. */
async function showAsPublic(page: Page, article: Article, profile: Profile) {
  const items = { articles: { ...article, isVisible: true }, profiles: { ...profile, isVisible: true } };
  await page.route(
    (url) =>
      /^\/api\/(articles|profiles|search)(\/|$)/.test(url.pathname) && !url.searchParams.has('isAdmin'),
    async (route) => {
      const [, , kind, ref] = new URL(route.request().url()).pathname.split('/');
      if (kind !== 'search' && ref) {
        const item = items[kind as 'articles' | 'profiles'];
        return ref === item.shortname ? route.fulfill({ json: item }) : route.continue();
      }
      const res = await route.fetch();
      const list = await res.json();
      const extra =
        kind === 'search'
          ? {
              type: 'article',
              shortname: article.shortname,
              header: article.title.slice(0, 30),
              author: article.contributor?.name ?? '',
              date: article.date,
              preview: article.description.slice(0, 100),
            }
          : items[kind as 'articles' | 'profiles'];
      return route.fulfill({ response: res, json: { ...list, items: [extra, ...list.items] } });
    },
  );
}

async function createArticle(api: APIRequestContext, data: Record<string, unknown>): Promise<Article> {
  const res = await api.post('/api/articles', { data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('XSS payloads in every text field never run, on the public pages or in the admin panel', async ({
  browser,
  adminState,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const dialogs: string[] = [];
  const context = await browser.newContext({ baseURL, storageState: adminState, bypassCSP: true });
  const page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  const api = page.request;
  const marker = unique('xssmark').replace(/\s+/g, '');

  // An author whose name is a payload: the name shows on public pages and in the header.
  const author = await addAccount(api, { isContributor: true }, `${PAYLOADS[1]} ${marker}`);
  // A plain account named with another payload, and every user field tried with each payload.
  const userRejections: string[] = [];
  for (const p of PAYLOADS) {
    for (const [field, value] of [
      ['name', p.slice(0, 100)],
      ['email', `${p}@example.test`],
      ['twitter', p],
    ]) {
      const res = await api.post(`/api/users/${author.user.id}`, { data: { [field]: value } });
      if (res.status() === 400) userRejections.push(field);
      else expect(res.status(), `${field}: ${value}`).toBe(200);
    }
  }
  // E-mail and Twitter handle only take their own formats; a name takes anything and is escaped.
  expect(new Set(userRejections)).toEqual(new Set(['email', 'twitter']));
  await api.post(`/api/users/${author.user.id}`, {
    data: { name: `${PAYLOADS[1]} ${marker}`, email: author.email },
  });

  // Hidden items, one per payload, for the admin pages.
  const hidden: Article[] = [];
  for (const p of PAYLOADS)
    hidden.push(
      await createArticle(api, {
        title: `${fitTo(p, 200)} ${marker}`,
        description: p,
        body: p,
        tags: [{ name: fitTo(p, 50) }],
      }),
    );
  const imageRes = await api.post('/api/articles', { data: { title: 'img', image: 'javascript:alert(1)' } });
  expect(imageRes.status(), 'a javascript: image address is refused').toBe(400);

  // One article and one profile carry every payload in every field, for the public pages.
  const articleInput = {
    title: `${pack(170)} ${marker}`,
    description: pack(1000),
    body,
    image: `https://images.example/x.png"onerror="alert('xss-image')`,
    tags: PAYLOADS.map((p) => ({ name: fitTo(p, 50) })).filter(
      (t, i, all) => all.findIndex((x) => x.name === t.name) === i,
    ),
    contributorId: author.user.id,
  };
  const profileInput = {
    name: `${pack(100)} ${marker}`,
    position: fitTo(PAYLOADS[0], 10),
    school: pack(120),
    year: 2027,
    // Height and weight take only their own formats (feet and inches, whole pounds).
    height: `6'1"`,
    weight: '205',
    image: `/images/x.png"onerror="alert('xss-profile-image')`,
    description: pack(1000),
    body,
    contributorId: author.user.id,
  };
  const article = await createArticle(api, articleInput);
  const refused = await api.post('/api/profiles', {
    data: { ...profileInput, height: fitTo(PAYLOADS[1], 20), weight: fitTo(PAYLOADS[2], 20) },
  });
  expect(refused.status(), 'a payload as height or weight is refused').toBe(400);
  const profileRes = await api.post('/api/profiles', { data: profileInput });
  expect(profileRes.status(), await profileRes.text()).toBe(201);
  const profile = (await profileRes.json()) as Profile;
  // The server keeps the text as typed and renders the body to safe HTML.
  expect(article.title).toContain('<script>');
  expect(article.bodyHtml).not.toMatch(
    /<script|<[^>]*\son\w+\s*=|(href|src|data)\s*=\s*["']?\s*javascript:/i,
  );

  await showAsPublic(page, article, profile);
  try {
    // A public page's first load is rendered by the server, from public items only (the payloads in
    // the rendered HTML are src/server/http/page-render.test.ts's). Here the browser draws the
    // payload items itself: each public page is reached by a link from a page it drew, starting
    // from one the server leaves to it, so every list is asked of the API (and answered above).
    await page.goto('/tools/rookie-adp');
    const main = page.getByRole('main');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    const drawn = async (label: string, shows: string | RegExp = marker) => {
      await expect(main.getByText(shows).first(), label).toBeVisible();
      await visitAll(page, [], dialogs, label);
    };
    await page.getByRole('banner').getByRole('link', { name: 'Dynasty Forge home' }).click();
    await drawn('/');
    // The page shown stays until the next one is drawn: its heading tells the new one is there
    // (the home page lists the marked profile too, and a link found on it would go there).
    await mainNav.getByRole('link', { name: 'Articles' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles');
    await drawn('/articles');
    await main
      .getByRole('link', { name: new RegExp(marker) })
      .first()
      .click();
    await expect(page).toHaveURL(`/article/${article.shortname}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `<script>alert('xss-script')</script>`,
    );
    await drawn(`/article/${article.shortname}`);
    await mainNav.getByRole('link', { name: 'Prospects' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prospects');
    await drawn('/profiles');
    await main
      .getByRole('link', { name: new RegExp(marker) })
      .first()
      .click();
    await expect(page).toHaveURL(`/profile/${profile.shortname}`);
    await drawn(`/profile/${profile.shortname}`);
    await page.getByRole('searchbox').fill(marker);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?/);
    await drawn(`/search?search=${marker}`);
    // The search page may still be asking again (NFL players loading) while the routes go.
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await visitAll(
      page,
      [
        '/admin',
        '/admin/articles',
        `/admin/article/${article.id}`,
        ...hidden.map((a) => `/admin/article/${a.id}`),
        '/admin/profiles',
        `/admin/profile/${profile.id}`,
        '/admin/users',
        `/admin/user/${author.user.id}`,
      ],
      dialogs,
    );
    await page.goto('/admin/articles');
    await expect(
      page.getByRole('cell', { name: new RegExp(`^<img src=x onerror=.*${marker}`) }).first(),
    ).toBeVisible();

    // The author logs in: the header shows the payload name as text.
    const theirs = await browser.newContext({ baseURL, bypassCSP: true });
    const theirPage = await theirs.newPage();
    theirPage.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    const me: User = await logInByApi(theirs.request, author.email, author.password);
    expect(me.name).toContain('onerror');
    await visitAll(theirPage, ['/', '/admin', `/admin/user/${me.id}`], dialogs);
    await expect(
      theirPage.getByRole('banner').getByRole('button', { name: new RegExp(marker) }),
    ).toBeVisible();
    await theirs.close();
  } finally {
    await context.close();
  }
  expect(dialogs).toEqual([]);
});
