import type { Locator, Page } from '@playwright/test';
import type { Article, ListAnswer, Profile } from '#common/content.ts';
import { appInteractive, expect, expectNoAxeViolations, test } from './support.ts';

// The server is seeded with the demo content. Other specs may add items while these run, so expected
// values come from the API at the moment of the check rather than from fixed counts.

const articleTiles = (page: Page) => page.getByTestId('article-tiles').getByRole('article');
const profileTiles = (page: Page) => page.getByTestId('profile-tiles').getByRole('article');

test.describe('home page', () => {
  test('shows 6 prospect tiles and 6 article tiles with previews', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(profileTiles(page)).toHaveCount(6);
    await expect(articleTiles(page)).toHaveCount(6);

    const tile = articleTiles(page).first();
    await expect(tile.getByRole('heading')).toBeVisible();
    await expect(tile.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(tile.getByRole('list', { name: 'Tags' }).getByRole('listitem').first()).toBeVisible();
    for (const preview of await page.getByTestId('article-preview').allTextContents()) {
      expect(preview).not.toContain('[[video');
      expect(preview).not.toMatch(/[#*]/);
      expect(Array.from(preview).length).toBeLessThanOrEqual(101);
    }
    // The newest article opens with a video marker: its preview shows the text around it, cut with an ellipsis.
    await expect(page.getByTestId('article-preview').first()).toHaveText(/^The 2027 class is deep.*…$/);

    const prospect = profileTiles(page).first();
    await expect(prospect.getByText(/^(QB|RB|WR|TE)$/).first()).toBeVisible();
    await expect(prospect.getByText(/\d'\d{1,2}"/)).toBeVisible();
    await expect(prospect.getByText(/\d{3} lb/)).toBeVisible();
  });

  test('the filter modal narrows the prospects by position and class', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Filter Prospects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Prospects' });
    await expect(dialog).toBeVisible();
    const position = dialog.getByLabel('Position');
    const year = dialog.getByLabel('Class (Year)');
    await expect(position.locator('option').first()).toHaveText('Select Position');
    await expect(year.locator('option').first()).toHaveText('Select Year');
    await expect(position.locator('option', { hasText: /^RB$/ })).toHaveCount(1);
    await expect(position.locator('option', { hasText: /^WR$/ })).toHaveCount(1);
    await expect(year.locator('option', { hasText: /^2026$/ })).toHaveCount(1);

    await position.selectOption('RB');
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\?position=RB$/);
    const rbs = (await (
      await request.get('/api/profiles?position=RB&limit=6')
    ).json()) as ListAnswer<Profile>;
    await expect(profileTiles(page)).toHaveCount(rbs.items.length);
    await expect(profileTiles(page).getByRole('heading')).toHaveText(rbs.items.map((p) => p.name));

    // Both filters together; the modal opens with the current choice.
    await page.getByRole('button', { name: 'Filter Prospects' }).click();
    await expect(dialog.getByLabel('Position')).toHaveValue('RB');
    await dialog.getByLabel('Class (Year)').selectOption('2026');
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/position=RB&year=2026$/);
    const both = (await (
      await request.get('/api/profiles?position=RB&year=2026&limit=6')
    ).json()) as ListAnswer<Profile>;
    await expect(profileTiles(page).getByRole('heading')).toHaveText(both.items.map((p) => p.name));

    // An empty choice is left out of the filter.
    await page.getByRole('button', { name: 'Filter Prospects' }).click();
    await dialog.getByLabel('Position').selectOption('');
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/\?year=2026$/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(profileTiles(page)).toHaveCount(6);
  });

  test('a tile is a link that works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const link = profileTiles(page).first().getByRole('link');
    const name = await link.textContent();
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
  });
});

test.describe('lists', () => {
  test('articles come 20 a page with a pager kept in the address', async ({ page, request }) => {
    const first = (await (await request.get('/api/articles?limit=20')).json()) as ListAnswer<Article>;
    expect(first.total).toBeGreaterThan(20);
    await page.goto('/articles');
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(articleTiles(page)).toHaveCount(20);
    await expect(articleTiles(page).first().getByRole('heading')).toHaveText(first.items[0].title);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/articles\?page=2$/);
    const second = (await (await request.get('/api/articles?limit=20&page=2')).json()) as ListAnswer<Article>;
    await expect(articleTiles(page)).toHaveCount(second.items.length);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    await page.getByRole('link', { name: /Previous/ }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(articleTiles(page)).toHaveCount(20);
  });

  test('prospects come 20 a page; page 2 opens straight from its address', async ({ page, request }) => {
    const second = (await (await request.get('/api/profiles?limit=20&page=2')).json()) as ListAnswer<Profile>;
    await page.goto('/profiles?page=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible();
    await expect(profileTiles(page)).toHaveCount(second.items.length);
    await expect(profileTiles(page).first().getByRole('heading')).toHaveText(second.items[0].name);
  });

  test('a page past the end says where the list ends and links there', async ({ page, request }) => {
    const { total } = (await (await request.get('/api/articles?limit=20')).json()) as ListAnswer<Article>;
    const last = Math.ceil(total / 20);
    await page.goto('/articles?page=99');
    await expect(page.getByRole('status')).toContainText(
      `There is no page 99: the list ends on page ${last}.`,
    );
    await expect(page.getByText(/Page 99 of/)).toHaveCount(0);
    await page.getByRole('link', { name: `Go to page ${last}` }).click();
    await expect(page).toHaveURL(new RegExp(`/articles\\?page=${last}$`));
    await expect(articleTiles(page).first()).toBeVisible();
  });

  test('prospects filter by position and class, kept in the address and rendered by the server', async ({
    page,
    request,
  }, testInfo) => {
    const wr = (await (
      await request.get('/api/profiles?limit=100&position=WR')
    ).json()) as ListAnswer<Profile>;
    expect(wr.total).toBeGreaterThan(0);
    const year = wr.items[0].year;
    const both = (await (
      await request.get(`/api/profiles?limit=100&position=WR&year=${year}`)
    ).json()) as ListAnswer<Profile>;

    await page.goto('/profiles');
    const form = page.getByRole('form', { name: 'Filter prospects' });
    await form.getByLabel('Position').selectOption('WR');
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/profiles\?position=WR$/);
    await expect(profileTiles(page)).toHaveCount(Math.min(20, wr.total));
    await form.getByLabel('Class (Year)').selectOption(String(year));
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`/profiles\\?position=WR&year=${year}$`));
    await expect(profileTiles(page)).toHaveCount(Math.min(20, both.total));
    await page.screenshot({ path: testInfo.outputPath('profiles-filtered.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('profiles-filtered-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The address alone gives the filtered list, drawn by the server before any script runs.
    const html = await (await request.get(`/profiles?position=WR&year=${year}`)).text();
    for (const p of both.items.slice(0, 20)) expect(html).toContain(`/profile/${p.shortname}`);
    const others = (await (await request.get('/api/profiles?limit=100')).json()) as ListAnswer<Profile>;
    const notWr = others.items.find((p) => p.position !== 'WR');
    if (notWr) expect(html).not.toContain(`/profile/${notWr.shortname}"`);
    await expect(form.getByLabel('Position')).toHaveValue('WR');
    await form.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/profiles$/);
    await expect(form.getByLabel('Position')).toHaveValue('');
  });

  test("an article's tags link to the articles with that tag", async ({ page, request }) => {
    const tagged = (await (
      await request.get('/api/articles?tag=superflex&limit=100')
    ).json()) as ListAnswer<Article>;
    expect(tagged.total).toBeGreaterThan(0);
    await page.goto('/article/2027-rookie-rankings-top-24-for-superflex-leagues');
    await page
      .getByRole('list', { name: 'Tags' })
      .getByRole('link', { name: /^Superflex/ })
      .click();
    await expect(page).toHaveURL(/\/articles\?tag=Superflex$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles tagged Superflex');
    await expect(articleTiles(page)).toHaveCount(Math.min(20, tagged.total));
    for (const tile of await articleTiles(page).all())
      await expect(tile.getByRole('list', { name: 'Tags' })).toContainText(/superflex/i);
    // From a tile, the tag's own link wins over the tile's.
    await articleTiles(page).first().getByRole('list', { name: 'Tags' }).getByRole('link').last().click();
    await expect(page).toHaveURL(/\/articles\?tag=/);
    await page.getByRole('link', { name: 'All articles' }).click();
    await expect(page).toHaveURL(/\/articles$/);
    // Rendered by the server from the address.
    const html = await (await request.get('/articles?tag=superflex')).text();
    expect(html).toContain(`/article/${tagged.items[0].shortname}`);
  });
});

test.describe('detail pages', () => {
  test('an article shows its title, author, date, tags and body with a privacy-enhanced video', async ({
    page,
  }) => {
    const res = await page.goto('/article/2027-rookie-rankings-top-24-for-superflex-leagues');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/2027 Rookie Rankings/);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    // The article's picture is a drawing (SVG), which link previews do not show: the site's PNG stands in.
    const shared = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(shared).toMatch(/\/images\/share\.png$/);
    const picture = await page.request.get(new URL(shared!).pathname);
    expect(picture.headers()['content-type']).toBe('image/png');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '2027 Rookie Rankings: Top 24 for Superflex Leagues',
    );
    await expect(page.getByText('Marcus Reed')).toBeVisible();
    await expect(page.locator('article time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('list', { name: 'Tags' })).toContainText('Superflex');
    await expect(page.getByRole('heading', { level: 2, name: /Tier 1/ })).toBeVisible();
    const video = page.locator('.video-embed iframe');
    await expect(video).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect(video).toHaveAttribute('loading', 'lazy');
    await expect(page.getByText('[[video')).toHaveCount(0);
  });

  test('a profile shows the measurables and the scouting report', async ({ page }) => {
    await page.goto('/profile/deandre-whitfield');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("De'Andre Whitfield");
    const facts = page.getByRole('definition');
    await expect(facts).toHaveText(['RB', 'Alabama', '2026', `6'0"`, '220 lb']);
    await expect(page.getByRole('heading', { level: 2, name: 'Strengths' })).toBeVisible();
    await expect(page.getByRole('img', { name: "De'Andre Whitfield" })).toBeVisible();
  });

  test('an unknown or hidden article is a clear not-found page with ways back', async ({ page }) => {
    // The server's 404 page comes with its refusal: the browser hydrates it and asks no more.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/articles/')) asked.push(r.url());
    });
    for (const path of ['/article/no-such-article', '/article/waiver-wire-priorities-for-week-12']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await appInteractive(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article not found');
    }
    expect(asked).toEqual([]);
    await page.getByRole('link', { name: 'All articles' }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await page.goto('/profile/nobody-at-all');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prospect not found');
    await expect(page.getByRole('link', { name: 'All prospects' })).toBeVisible();
    // A bad query's 400 is rendered without data; the browser asks once, not again once drawn.
    const listAsks: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/profiles') listAsks.push(r.url());
    });
    await page.goto('/profiles?year=abc');
    await appInteractive(page);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(listAsks).toHaveLength(1);
  });
});

/**
 * The words of these elements drawn over more than one line (each word's text range gives one box per
 * line it is on). A hyphen is a place to break: "14-Team" may end a line after "14-".
 */
const wordsCut = (elements: Locator) =>
  elements.evaluateAll((els) =>
    els.flatMap((el) => {
      const cut: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const m of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) cut.push(`"${m[0]}" in "${el.textContent}"`);
        }
      return cut;
    }),
  );

test.describe('search', () => {
  test('lists results with whole headers, authors, dates, previews and Read more links', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await page.getByLabel('Search articles and prospects').fill('superflex');
    await page.getByLabel('Search articles and prospects').press('Enter');
    await expect(page).toHaveURL(/\/search\?search=superflex$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results:');
    const results = page.getByTestId('search-result');
    await expect(results.first()).toBeVisible();
    const first = results.first();
    await expect(first.getByRole('heading')).toHaveText(
      'Superflex Strategy: Why Two Quarterbacks Beat Three Receivers',
    );
    await expect(first.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(first.getByText('Cole Brennan')).toBeVisible();
    // A header wraps between words, on desktop and phone alike, and stops after two lines.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const headers = results.getByRole('heading');
      expect(await wordsCut(headers)).toEqual([]);
      for (const lines of await headers.evaluateAll((hs) =>
        hs.map((h) =>
          Math.round(h.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h).lineHeight)),
        ),
      ))
        expect(lines).toBeLessThanOrEqual(2);
      await page.screenshot({ path: testInfo.outputPath(`search-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(
      results
        .filter({ has: page.getByText('Prospect', { exact: true }) })
        .first()
        .getByRole('heading'),
    ).toHaveText(/^[^,]+, (QB|RB|WR|TE), .+$/);
    await first.getByRole('link', { name: /Read more/ }).click();
    await expect(page).toHaveURL(/\/article\/superflex-strategy-why-two-quarterbacks-beat-three-receivers$/);
  });

  test('finds a misspelt prospect and shows the empty state', async ({ page }) => {
    await page.goto('/search?search=Jaquan%20Meriweather');
    await expect(page.getByTestId('search-result').first().getByRole('heading')).toHaveText(
      "Ja'Quan Merriweather, WR, LSU",
    );
    await page.goto('/search?search=zzqqxxnothing');
    await expect(page.getByText('No matching results for "zzqqxxnothing"')).toBeVisible();
  });

  test('says NFL players are loading while the server loads them, then lists them above the content', async ({
    page,
  }, testInfo) => {
    // The server's answers while it loads its list, then once it holds it (a player no content names).
    let loading = true;
    const player = { id: '9001', name: 'Zach Wright', position: 'WR', team: 'NYJ' };
    await page.route('**/api/players/find?**', (route) =>
      route.fulfill({
        json: loading
          ? { players: [], listed: false, loading: true }
          : { players: [player], listed: true, loading: false },
      }),
    );
    await page.goto('/search?search=Zach%20Wrigth');
    await expect(page.getByText('Loading NFL players…')).toBeVisible();
    await expect(page.getByText('No articles or prospect profiles match "Zach Wrigth".')).toBeVisible();
    loading = false;
    // Asked again by itself, without a reload.
    const hits = page.getByRole('region', { name: 'NFL players' });
    await expect(hits.getByRole('link', { name: /^Zach Wright/ })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Loading NFL players…')).toHaveCount(0);
    // Players found and no content: the page never says there are no results.
    await expect(page.getByText(/No matching results/)).toHaveCount(0);
    await expect(page.getByText('No articles or prospect profiles match "Zach Wrigth".')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('search-players-only.png') });
  });

  test("counts the site's own results under the NFL players, just above them", async ({ page }) => {
    const player = { id: '9002', name: 'Rookie Rankings', position: 'WR', team: 'NYJ' };
    await page.route('**/api/players/find?**', (route) =>
      route.fulfill({ json: { players: [player], listed: true, loading: false } }),
    );
    await page.goto('/search?search=rookie%20rankings');
    const hits = page.getByRole('region', { name: 'NFL players' });
    await expect(hits.getByRole('link', { name: /^Rookie Rankings/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()).toBeVisible();
    // The count line sits between the players and the results it counts.
    await expect(hits.locator('xpath=following-sibling::p[1]')).toHaveText(/^\d+ results? for/);
  });
});

test('feeds leave hidden content out', async ({ request }) => {
  const rss = await (await request.get('/rss.xml')).text();
  expect(rss).toContain('2027 Rookie Rankings');
  expect(rss).not.toContain('Waiver Wire Priorities');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/profile/deandre-whitfield');
  expect(sitemap).not.toContain('darnell-fitzhugh');
});

test.describe('accessibility', () => {
  for (const width of [1280, 390]) {
    test(`content pages have no axe violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        '/',
        '/articles',
        '/article/2027-rookie-rankings-top-24-for-superflex-leagues',
        '/profiles',
        '/profile/deandre-whitfield',
        '/search?search=superflex',
        '/article/no-such-article',
      ]) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page.locator('main [data-loading]')).toHaveCount(0);
        await expectNoAxeViolations(page, path, 'main');
      }
    });
  }
});
