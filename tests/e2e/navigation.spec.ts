import type { Page } from '@playwright/test';
import { HOME_TITLE } from '#common/site.ts';
import { expect, pageSettled, test } from './support.ts';

/*
 * The client router: links move inside the page, Back returns to the scroll position the reader
 * left, modified clicks are the browser's, the page being left stays up while the next screen's
 * code arrives, and a screen whose code cannot be fetched shows the error screen. A page loaded
 * anew opens at the top, fragment links keep entries apart, focus and the announcement follow a
 * navigation, and links fetch their screen's code before the click.
 */

const articleTiles = (page: Page) => page.getByTestId('article-tiles').getByRole('article');
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => 'sameDocument' in window);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Opens /articles on a phone-sized window scrolled to its last tile; returns the position. */
async function scrolledList(page: Page): Promise<number> {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/articles');
  await articleTiles(page).last().scrollIntoViewIfNeeded();
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(700);
  return y;
}

test('links navigate without a reload, and Back restores the scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
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
});

test('a click with a modifier key is left to the browser (new tab)', async ({ page, context }) => {
  await page.goto('/');
  const opened = context.waitForEvent('page');
  await page
    .getByRole('banner')
    .getByRole('link', { name: 'Articles' })
    .click({ modifiers: ['ControlOrMeta'] });
  // A new tab opens on about:blank and only then goes to the link: wait for its address.
  const tab = await opened;
  await expect(tab).toHaveURL(/^http:\/\/[^/]+\/articles$/);
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

test.describe('a screen that cannot load', () => {
  // The failed fetch of the screen's code is logged by the browser itself.
  test.use({ allowConsoleErrors: true });

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
});

test('a page loaded anew in the same tab opens at the top; Back returns to the earlier position', async ({
  page,
}) => {
  const listY = await scrolledList(page);
  await articleTiles(page).last().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);

  // A full page load (a typed address; logging in or out works the same way).
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results:' })).toBeVisible();
  // Still at the top once the page's data has come, when a restored position would have been set.
  await pageSettled(page);
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await page.goBack();
  await expect(page).toHaveURL('/articles');
  await expect.poll(() => scrollY(page)).toBe(listY);
});

test("a reload waits for the page's data before restoring the position", async ({ page }) => {
  const listY = await scrolledList(page);
  // The list's data comes late: its skeleton alone is too short to scroll that far.
  await page.route(/\/api\/articles\?/, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.reload();
  await expect(articleTiles(page).last()).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(listY);
});

test('the skip link and fragment links add entries that keep positions apart', async ({ page }) => {
  const listY = await scrolledList(page);
  const title = await articleTiles(page).last().getByRole('heading').textContent();
  await articleTiles(page).last().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);

  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article\/[^/]+#main$/);
  await expect(page.getByRole('main')).toBeFocused();
  const mainTop = await page.evaluate(() => document.getElementById('main')!.getBoundingClientRect().top);
  expect(Math.abs(mainTop)).toBeLessThan(2);

  // Down the article with the wheel, as a reader scrolls (a script's scroll would be undone when the
  // skip link's navigation settles late on a busy machine). Read once the scrolling has stopped.
  const atMain = await scrollY(page);
  await page.mouse.move(195, 400);
  await page.mouse.wheel(0, 150);
  let articleY = atMain;
  await expect
    .poll(async () => {
      const [before, now] = [articleY, await scrollY(page)];
      articleY = now;
      return now > atMain && now === before;
    })
    .toBe(true);
  // A click that does not first scroll the link into view.
  await page.getByRole('main').getByRole('link', { name: '← All articles' }).dispatchEvent('click');
  await expect(page).toHaveURL('/articles');
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/#main$/);
  await expect.poll(() => scrollY(page)).toBe(articleY);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/articles');
  await expect.poll(() => scrollY(page)).toBe(listY);
});

test("a navigation focuses the new page's heading and reads out its title", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first Tab of a page reaches the skip link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const announcer = page.getByTestId('route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await page.getByRole('banner').getByRole('link', { name: 'Articles' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Articles' });
  await expect(heading).toBeFocused();
  await expect(announcer).toHaveText('Articles | Dynasty Forge');
  // The heading is no control: it draws no focus ring, even after a keyboard's Tab.
  expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');

  // An article's title comes with its data: focus and the announcement wait for it.
  const title = await articleTiles(page).first().getByRole('heading').textContent();
  await articleTiles(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: title! })).toBeFocused();
  await expect(announcer).toHaveText(`${title} | Dynasty Forge`);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeFocused();
  await expect(announcer).toHaveText('Articles | Dynasty Forge');

  // Home names the site once, as the server's first answer does.
  await page.goBack();
  await expect(page).toHaveTitle(HOME_TITLE);
  await expect(announcer).toHaveText(HOME_TITLE);
});

test("pointing at or focusing a link fetches its screen's code", async ({ page }) => {
  await page.goto('/');
  const prospects = page.getByRole('banner').getByRole('link', { name: 'Prospects' });
  const hovered = page.waitForRequest(/\/assets\/profile-list-page-[^/]+\.js$/);
  await prospects.hover();
  await hovered;

  const articles = page.getByRole('banner').getByRole('link', { name: 'Articles' });
  const focused = page.waitForRequest(/\/assets\/article-list-page-[^/]+\.js$/);
  await articles.focus();
  await focused;
});
