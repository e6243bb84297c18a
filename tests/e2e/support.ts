import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';

export { expect };

/** The first super user the e2e server is started with (see src/server/demo.ts). */
export const ADMIN = { email: 'admin@dynasty.test', password: 'admin-pass-1234' };
export const SIM_URL = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? 4100}`;

/** Console errors that are the network's, not the page's (a service or embed that cannot be reached). */
const networkNoise = /Failed to load resource|net::ERR|platform\.twitter\.com/;

export interface ConsoleErrors {
  /** Also watch a context the test (or a fixture) opened itself; the `page` fixture's is watched already. */
  watch(context: BrowserContext): void;
}

/**
 * Every test fails on a console error or an uncaught page error in its pages. A test that provokes
 * errors on purpose opts out with `test.use({ allowConsoleErrors: true })`.
 */
export const test = base.extend<{ allowConsoleErrors: boolean; consoleErrors: ConsoleErrors }>({
  allowConsoleErrors: [false, { option: true }],
  // The public pages arrive rendered: their links and buttons show before the app has hydrated
  // them, and a click then is lost. A page of the site is only handed over once the app has marked
  // it interactive (with JavaScript off, as it comes).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && response?.headers()['content-type']?.startsWith('text/html'))
        await appInteractive(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ context, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      const watch = (c: BrowserContext) => {
        c.on('console', (msg) => {
          if (msg.type() === 'error' && !networkNoise.test(msg.text())) errors.push(msg.text());
        });
        c.on('weberror', (err) => errors.push(err.error().message));
      };
      watch(context);
      await use({ watch });
      if (!allowConsoleErrors) expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until the app has taken over the page (it answers clicks): see `Interactive` in main.tsx. */
export const appInteractive = (page: Page) =>
  page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 20_000 });

/**
 * Waits until the page has asked for nothing for half a second and drawn two frames since: what its
 * data sets off (a scroll position restored, a handler that fires on an event) has happened by then.
 */
export async function pageSettled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** A unique suffix for rows a test creates, so specs never collide on the shared database. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface AxeFinding {
  id: string;
  impact: string;
  targets: string[];
}

/**
 * What axe finds on the page (or the part matched by `include`): WCAG 2.2 AA and best practice,
 * with the 24 × 24 px target-size rule (WCAG 2.5.8), which axe leaves off by default. Providers'
 * video players are their pages, not ours, and are left out. A table's rows are drawn by one row
 * component, so axe checks the first 20 of each table body, and the rows after them repeat those
 * cells with other data: axe's time grows with the cells (15 s for a 347-row startup table, 2 s with
 * 20 rows). The a11y walk's own checks (target size, phone layout) still measure every row.
 *
 * Legacy mode runs axe in the page itself. Otherwise axe gathers each frame's results and opens a
 * blank page to merge them, for cross-origin frames: our pages' only ones are the video players
 * left out above, and the extra page doubled axe's time on every call.
 */
export async function axeFindings(page: Page, include?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('.video-embed')
    .exclude('tbody > tr:nth-child(n+21)')
    .options({ rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? '',
    targets: v.nodes.map((n) => String(n.target)),
  }));
}

/** Runs axeFindings and fails on any, naming the rule and the elements. */
export async function expectNoAxeViolations(page: Page, label: string, include?: string) {
  const findings = await axeFindings(page, include);
  expect(
    findings.map((f) => `${label}: ${f.id} (${f.impact}) ${f.targets.join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * Waits for the ADP store's first full read: the server fills it in the background at start, slowly
 * on a busy machine. The caller's test (or hook) needs a timeout above the 140 s this may take.
 */
export async function adpStoreRead(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const status = await (await request.get('/api/mfl/adp/status')).json();
        return status.refresh.runs >= 1 && !status.refresh.running && status.drafts > 0;
      },
      { timeout: 140_000, intervals: [500] },
    )
    .toBe(true);
}
