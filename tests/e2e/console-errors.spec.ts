import { test } from './support.ts';

test('a console error in the page fails the test', async ({ page }) => {
  test.fail();
  await page.goto('/');
  await page.evaluate(() => console.error('a deliberate error'));
});

test.describe('a test that provokes errors on purpose', () => {
  test.use({ allowConsoleErrors: true });
  test('opts out and passes', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => console.error('a deliberate error'));
  });
});
