import type { APIRequestContext, Page } from '@playwright/test';
import type { ArticleListItem, ListAnswer, ProfileListItem } from '#common/content.ts';
import { formatDate } from '#common/content-format.ts';
import { expect, test } from './support.ts';

/*
 * The public pages arrive rendered: with JavaScript off they show their heading, text, pictures,
 * author and date, and their links lead to pages that are rendered too. With JavaScript on, the
 * page is hydrated from the data it embeds (no API call for what it shows, no mismatch reported,
 * the server's elements kept) and later navigations stay in the browser.
 */

async function newest(request: APIRequestContext) {
  const articles: ListAnswer<ArticleListItem> = await (await request.get('/api/articles?limit=1')).json();
  const profiles: ListAnswer<ProfileListItem> = await (await request.get('/api/profiles?limit=1')).json();
  return { article: articles.items[0], profile: profiles.items[0] };
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its content, and its links work', async ({ page, request }) => {
    const { article, profile } = await newest(request);
    const main = page.getByRole('main');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build a team that wins for years');
    await expect(main.getByTestId('profile-tiles').getByRole('link', { name: profile.name })).toBeVisible();
    await expect(main.getByTestId('article-tiles').getByRole('link', { name: article.title })).toBeVisible();
    await expect(main.getByTestId('article-tiles').locator('img').first()).toBeVisible();

    // A link is an ordinary link: it loads the next page, rendered too.
    await main.getByTestId('article-tiles').getByRole('link', { name: article.title }).click();
    await expect(page).toHaveURL(`/article/${article.shortname}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    const byline = main.locator('article').getByText(/^By /);
    await expect(byline).toContainText(article.contributor!.name);
    await expect(byline.locator('time')).toHaveText(formatDate(article.date));
    await expect(main.locator('article img').first()).toBeVisible();
    expect(
      await main
        .locator('article img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expect(main.locator('article')).toContainText(article.description);
    // The body, rendered from its Markdown.
    await expect(main.locator('article h1 ~ div p').first()).toHaveText(/\w+ \w+ \w+/);

    await main.getByRole('link', { name: '← All articles' }).click();
    await expect(page).toHaveURL('/articles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles');
    await expect(main.getByTestId('tile-title').first()).not.toBeEmpty();
    await expect(main.getByTestId('article-tiles').locator('img').first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prospects' }).click();
    await expect(page).toHaveURL('/profiles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prospects');
    await main.getByTestId('profile-tiles').getByRole('link', { name: profile.name }).click();
    await expect(page).toHaveURL(`/profile/${profile.shortname}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.name);
    const report = main.getByText(/^Scouting report by /);
    await expect(report).toContainText(profile.contributor!.name);
    await expect(report.locator('time')).toHaveText(formatDate(profile.date));
    await expect(main.locator('article img').first()).toBeVisible();
    await expect(main.locator('article')).toContainText(profile.description);
    await expect(main.locator('article div p').last()).toHaveText(/\w+ \w+ \w+/);

    const term = article.title.split(' ').slice(-2).join(' ');
    await page.goto(`/search?search=${encodeURIComponent(term)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results:');
    const hit = main.getByTestId('search-result').first();
    await expect(hit.locator('time')).not.toBeEmpty();
    await hit.getByRole('link', { name: /Read more/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page).toHaveURL(/\/(article|profile)\//);
  });
});

/** Remembers the first main heading the document's parser makes, before any script can replace it. */
async function keepServerHeading(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const h1 = document.querySelector('main h1');
      if (!h1) return;
      (window as unknown as { serverHeading: Element }).serverHeading = h1;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

test('each public page hydrates from its own data, quietly, and navigates in the browser', async ({
  page,
  request,
}) => {
  const { article, profile } = await newest(request);
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
  });
  await keepServerHeading(page);

  for (const path of [
    '/',
    '/articles',
    `/article/${article.shortname}`,
    '/profiles',
    `/profile/${profile.shortname}`,
    `/search?search=${encodeURIComponent(profile.name)}`,
    '/rankings',
    // The demo's rookie boards.
    '/ranking/rookie-superflex-board',
    '/rankings/consensus?kind=rookie',
  ]) {
    apiCalls.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Hydrated: React took over the server's elements (the skip link works, the header is live)…
    await expect(page.getByRole('button', { name: 'Tools' })).toBeVisible();
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { serverHeading: Element }).serverHeading ===
          document.querySelector('main h1'),
      ),
      `${path} kept the server's heading`,
    ).toBe(true);
    // …and asked the API for nothing the page already held. (The search's NFL players come from
    // the player list, which changes apart from the content the rendered page is cached with: the
    // browser asks for them.)
    expect(
      apiCalls.filter((u) => new URL(u).pathname !== '/api/players/find'),
      path,
    ).toEqual([]);
  }
  expect(messages.filter((m) => /hydrat|#418|#419|#422|#423|#425|did not match/i.test(m))).toEqual([]);

  // After hydration a link navigates in the browser: the document stays.
  await page.goto(`/article/${article.shortname}`);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('main').getByRole('link', { name: '← All articles' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prospects' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prospects');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  expect(messages.filter((m) => /hydrat|#418|#419|#422|#423|#425|did not match/i.test(m))).toEqual([]);
});

/** The league tools' frames, as the server renders them for every reader. */
const TOOL_FRAMES = [
  { path: '/tools/rostership', heading: 'Rostership', text: 'How many of your leagues roster each player' },
  { path: '/tools/my-week', heading: 'My week', text: 'Every lineup problem and the best free agents' },
  { path: '/tools/status-checker', heading: 'Player Status Checker', text: 'Pick a player to see' },
  { path: '/tools/lineup', heading: 'Lineup', text: "This week's lineup in each of your MFL leagues" },
  {
    path: '/tools/rookie-adp',
    heading: 'MFL Rookie ADP',
    text: 'Where rookies really go in MFL rookie drafts',
  },
];

test.describe('the league tools with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('each tool shows its heading, intro and controls as it arrives', async ({ page }) => {
    const main = page.getByRole('main');
    for (const { path, heading, text } of TOOL_FRAMES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(main, path).toContainText(text);
    }
    await page.goto('/tools/rostership');
    await expect(main.getByRole('region', { name: 'Your accounts' })).toContainText('Sleeper…');
    // Connecting takes the page's script, and the page says so (in <noscript>, which a browser with
    // scripting off draws; the test browser parses it as text).
    expect(await main.locator('noscript').textContent()).toContain(
      'turn JavaScript on to connect your accounts',
    );
    await page.goto('/tools/rookie-adp?service=sleeper');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sleeper Rookie ADP');
    const filters = main.getByRole('form', { name: 'ADP filters' });
    await expect(filters.getByLabel('PPR')).toBeVisible();
    await expect(filters.getByRole('button', { name: /Draft dates/ })).toHaveText('Last 30 days');
    await expect(filters.getByRole('button', { name: 'Get ADP' })).toBeVisible();
    await expect(main.getByTestId('adp-source-note')).toContainText("Sleeper's figures come from");
  });
});

test.describe('the league tools with JavaScript on', () => {
  // A reader whose day is mostly not the server's (UTC+14): Rookie ADP's default dates are theirs.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("each tool hydrates its server's frame quietly, then fills in the visitor's own state", async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
    });
    await keepServerHeading(page);
    const main = page.getByRole('main');
    for (const { path, heading } of TOOL_FRAMES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { serverHeading: Element }).serverHeading ===
            document.querySelector('main h1'),
        ),
        `${path} kept the server's heading`,
      ).toBe(true);
    }
    // Filled in after hydration: this visitor has no account connected.
    await page.goto('/tools/rostership');
    await expect(main.getByText('Connect at least one account above')).toBeVisible();
    // Rookie ADP's dates are the browser's today once hydrated, and its answer is asked for.
    await page.goto('/tools/rookie-adp');
    const dates = main
      .getByRole('form', { name: 'ADP filters' })
      .getByRole('button', { name: /Draft dates/ });
    await expect(dates).toHaveText(/^\d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/);
    await expect(main.getByRole('region', { name: 'Results' })).not.toHaveAttribute('aria-busy', 'true');
    expect(messages.filter((m) => /hydrat|#418|#419|#422|#423|#425|did not match/i.test(m))).toEqual([]);
  });
});
