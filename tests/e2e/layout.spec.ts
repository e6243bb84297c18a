import type { Page } from '@playwright/test';
import { pageRoutes, redirects } from '#common/routes.ts';
import { expect, test } from './support.ts';

// Concrete addresses for every route of the spec's table (parameters filled with sample values).
const samplePaths = [
  ...new Set(
    pageRoutes.map((r) =>
      r.path.replace(':shortname', 'no-such-item').replace(':leagueId', '12345').replace(':id', 'new'),
    ),
  ),
];

test.describe('every route', () => {
  for (const path of samplePaths) {
    test(`serves ${path} inside the site layout`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const res = await page.goto(path);
      expect(res?.status(), 'page status').toBeLessThan(500);
      // The admin panel and the account page send a visitor to log in first, and back after.
      const expected =
        path.startsWith('/admin') || path === '/account' ? `/login?next=${encodeURIComponent(path)}` : path;
      await expect(page).toHaveURL(new RegExp(`${expected.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('main h1').first()).toBeVisible();
      // Nothing the page does is refused by its Content-Security-Policy.
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
    });
  }

  for (const [from, to] of Object.entries(redirects)) {
    test(`redirects ${from} to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    });
  }

  test("each page's HTML asks for its screen's code with the document", async ({ request }) => {
    for (const route of pageRoutes) {
      const path = route.path.replace(/:\w+/, 'sample');
      const html = await (await request.get(path)).text();
      const chunk = route.module.split('/').pop()!.replace('.tsx', '');
      expect(html, path).toMatch(
        // Pages the server renders ask for it at low priority, after their content.
        new RegExp(
          `<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="/assets/${chunk}-[^"]+\\.js">`,
        ),
      );
    }
  });

  test('sends an unknown path home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('sends an unknown path home during in-app navigation too', async ({ page }) => {
    await page.goto('/articles');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });
});

test.describe('header, sidebar and footer', () => {
  test('header links and the Tools menu reach their pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Articles' }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await nav.getByRole('link', { name: 'Prospects' }).click();
    await expect(page).toHaveURL(/\/profiles$/);
    // The menu closes when the page changes: it is opened once the new page is drawn (its title set).
    await expect(page).toHaveTitle(/Prospects/);
    const tools = [
      ['Lineup', '/tools/lineup'],
      ['Player Status Checker', '/tools/status-checker'],
      ['Rookie ADP', '/tools/rookie-adp'],
      ['Startup ADP', '/tools/rookie-adp\\?draft=startup'],
      ['Rostership', '/tools/rostership'],
      ['Trade values', '/tools/values'],
      ['Trade calculator', '/tools/trade'],
    ] as const;
    for (const [label, path] of tools) {
      await nav.getByRole('button', { name: 'Tools' }).click();
      await page.locator('#tools-menu').getByRole('menuitem', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('#tools-menu')).toBeHidden();
      await expect(page).toHaveTitle(new RegExp(label));
    }
  });

  test('the Tools menu closes on Escape and on a click elsewhere', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Tools' });
    await button.click();
    await expect(page.locator('#tools-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#tools-menu')).toBeHidden();
    await button.click();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(page.locator('#tools-menu')).toBeHidden();
  });

  test('the Shop link goes out in a new tab', async ({ page }) => {
    await page.goto('/');
    const shop = page.getByRole('link', { name: /Shop/ });
    await expect(shop).toHaveAttribute('target', '_blank');
    await expect(shop).toHaveAttribute('href', /^https:\/\//);
    await expect(shop).toHaveAttribute('rel', /noopener/);
  });

  test('the search box goes to the results page and ignores an empty term', async ({ page }) => {
    await page.goto('/articles');
    const box = page.getByRole('searchbox', { name: 'Search articles and prospects' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/articles$/);
    await box.fill('rookie wide receivers');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=rookie%20wide%20receivers$/);
    await expect(box).toHaveValue('rookie wide receivers');
  });

  test('the sidebar shows the logo and the social feed without blocking the page offline', async ({
    page,
  }) => {
    // The outside network is never reached: the feed's script fails, and the link stays.
    await page.route('https://platform.twitter.com/**', (route) => route.abort());
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.locator('svg').first()).toBeVisible();
    const feed = sidebar.locator('[data-feed-state]');
    await feed.scrollIntoViewIfNeeded();
    await expect(feed).toHaveAttribute('data-feed-state', /loading|failed/);
    await expect(feed.getByRole('link', { name: /Posts by @/ })).toBeVisible();
    await expect(page.locator('main h1').first()).toBeVisible();
  });

  test('the footer shows the logo', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Dynasty Forge home' })).toBeVisible();
    await expect(footer.locator('svg').first()).toBeVisible();
  });

  test('the phone menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Prospects' }).click();
    await expect(page).toHaveURL(/\/profiles$/);
    await expect(nav).toBeHidden();
  });

  test('the phone menu lists the tools in place, with nothing drawn over its other entries', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Tools' })).toBeHidden();
    const links = nav.getByRole('link');
    const names = (await links.allTextContents()).map((t) => t.trim());
    expect(names).toEqual(
      expect.arrayContaining(['Lineup', 'Player Status Checker', 'Rookie ADP', 'Rostership']),
    );
    // The search box under the tools is still there to be used.
    await expect(nav.getByRole('searchbox', { name: 'Search articles and prospects' })).toBeVisible();
    await nav.getByRole('link', { name: 'Rookie ADP' }).click();
    await expect(page).toHaveURL(/\/tools\/rookie-adp$/);
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Rookie ADP' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Startup ADP' })).not.toHaveAttribute('aria-current');
    // Another view of the same page is a page change too: the menu closes, and only its entry is current.
    await nav.getByRole('link', { name: 'Startup ADP' }).click();
    await expect(page).toHaveURL(/\/tools\/rookie-adp\?draft=startup$/);
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Startup ADP' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Rookie ADP' })).not.toHaveAttribute('aria-current');
  });
});

test.describe('motion', () => {
  /** How a spinner of the site's stylesheet runs: its animation's repeat count and duration. */
  const spinnerMotion = (page: Page) =>
    page.evaluate(() => {
      const el = document.createElement('div');
      el.className = 'animate-spin';
      document.body.append(el);
      const { animationIterationCount, animationDuration } = getComputedStyle(el);
      el.remove();
      return { animationIterationCount, animationDuration };
    });

  test('spinners turn for a visitor with no preference and stand still for one who asks for less motion', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    expect(await spinnerMotion(page)).toEqual({
      animationIterationCount: 'infinite',
      animationDuration: '1s',
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await spinnerMotion(page)).toEqual({ animationIterationCount: '1', animationDuration: '1e-05s' });
  });
});
