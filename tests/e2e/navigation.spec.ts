import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors } from './support.ts';

/*
 * The client router: links move inside the page, Back returns to the scroll position the reader
 * left, modified clicks are the browser's, the page being left stays up while the next screen's
 * code arrives, and a screen whose code cannot be fetched shows the error screen.
 */

const articleTiles = (page: Page) => page.getByTestId('article-tiles').getByRole('article');
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => 'sameDocument' in window);

test('links navigate without a reload, and Back restores the scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const check = failOnConsoleErrors(page);
  await page.goto('/articles');
  await markDocument(page);
  const last = articleTiles(page).last();
  await last.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);

  const title = await last.getByRole('heading').textContent();
  await last.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await sameDocument(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL('/articles');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goForward();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  expect(await sameDocument(page)).toBe(true);
  check();
});

test('a click with a modifier key is left to the browser (new tab)', async ({ page, context }) => {
  await page.goto('/');
  const opened = context.waitForEvent('page');
  await page
    .getByRole('banner')
    .getByRole('link', { name: 'Articles' })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/articles');
  await expect(page).toHaveURL('/');
});

test("the page being left stays up until the next screen's code has arrived", async ({ page }) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  const homeTitle = await heading.textContent();
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/profile-list-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('banner').getByRole('link', { name: 'Prospects' }).click();
  await expect(page).toHaveURL('/profiles');
  await expect(heading).toHaveText(homeTitle!);
  await expect(page.getByText('Loading page')).toHaveCount(0);
  release();
  await expect(page.getByTestId('profile-tiles')).toBeVisible();
});

test('a screen whose code cannot be fetched shows the error screen; going home clears it', async ({
  page,
}) => {
  await page.goto('/');
  await page.route(/\/assets\/profile-list-page-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('banner').getByRole('link', { name: 'Prospects' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('article-tiles')).toBeVisible();
});
