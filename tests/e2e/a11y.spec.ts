import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './admin-support.ts';
import { type AxeFinding, adpStoreRead, axeFindings, type ConsoleErrors } from './support.ts';

/*
 * One walk of the site with axe (WCAG 2.2 AA and best practice, the 24 × 24 px target-size rule
 * included): as a signed-out visitor, a contributor and a super user, each at 1280 px and on a
 * 390 px phone, one browser context per role and width (the logins are the worker's, made once).
 * It prints a table of what it found per page and fails on any finding: axe's, a pointer target
 * under 24 × 24 px (held to the size itself, see smallTargets), and on the phone a table wider than
 * its box or a page that scrolls sideways.
 *
 * The pages a role sees differently are walked as that role: the public pages as a visitor and as
 * a super user (a contributor's header is the super user's), the account and the admin panel as a
 * contributor and a super user, and the tools as a visitor (nothing connected) and as a super user
 * with all three league services connected and the data loaded, so their tables are full.
 */

// A trace would snapshot the page around each of axe's calls: it costs more than the walk itself.
test.use({ trace: 'off' });

type Role = 'visitor' | 'contributor' | 'super user';

interface Stop {
  path: string | ((who: Who) => string);
  roles: readonly Role[];
  /** Findings (not axe's) another change owns: listed in the table, not failed on. */
  ownedElsewhere?: { match: RegExp; by: string };
  /** Waits for what the page loads after its first paint (a table, a lineup). */
  ready?: (page: Page, who: Who) => Promise<void>;
}

interface Who {
  role: Role;
  /** The signed-in user's id. */
  userId?: number;
}

const everyone: Role[] = ['visitor', 'contributor', 'super user'];
const publicRoles: Role[] = ['visitor', 'super user'];
const signedIn: Role[] = ['contributor', 'super user'];

const connected = (who: Who) => who.role === 'super user';

/** The year up to today, as the page's URL writes dates. */
const lastYear = (() => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const now = new Date();
  return { from: iso(new Date(now.getFullYear() - 1, now.getMonth(), now.getDate())), to: iso(now) };
})();

/**
 * A startup table with its rows. The store reads the listed leagues in the background at start: the
 * walk waits for that read on the store's status (reloading the page meanwhile redrew it for nothing,
 * up to 20 s of a walk), then the page is asked again (new drafts make the cached answer stale at once).
 */
const startupTable = async (page: Page, table: Locator) => {
  await adpStoreRead(page.request);
  await expect(async () => {
    await page.reload();
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
};

const STOPS: Stop[] = [
  { path: '/', roles: everyone },
  { path: '/articles', roles: publicRoles },
  { path: '/article/2027-rookie-rankings-top-24-for-superflex-leagues', roles: publicRoles },
  { path: '/profiles', roles: publicRoles },
  { path: '/profile/deandre-whitfield', roles: publicRoles },
  { path: '/search?search=superflex', roles: publicRoles },
  { path: '/search?search=zzzqqq', roles: publicRoles },
  { path: '/login', roles: everyone },
  { path: '/signup', roles: ['visitor'] },
  { path: '/forgot-password', roles: ['visitor'] },
  // Without the link's token the page says what it needs; with one, its form (see account-control.spec.ts).
  { path: '/reset-password', roles: ['visitor'] },
  { path: '/privacy', roles: publicRoles },
  { path: '/account', roles: signedIn },
  {
    path: '/tools/lineup',
    roles: publicRoles,
    ready: async (p, who) => {
      if (connected(who)) await expect(p.getByText(/Week \d+ Lineup/)).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    // With the player search's list open: the listbox and its options are checked too.
    path: '/tools/status-checker',
    roles: publicRoles,
    ready: async (p, who) => {
      if (!connected(who)) return;
      const search = p.getByRole('combobox', { name: 'Player' });
      await expect(search).toHaveAttribute('placeholder', 'Type a player’s name', { timeout: 20_000 });
      await search.fill('al');
      await expect(p.getByRole('listbox', { name: 'Player' }).getByRole('option').first()).toBeVisible();
      await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
    },
  },
  {
    path: '/tools/rostership',
    roles: publicRoles,
    ready: async (p, who) => {
      if (!connected(who)) return;
      const table = p.getByRole('table', { name: 'Players on your teams' });
      // The result is kept for the next visit: the second width shows it at once.
      if (!(await table.isVisible()))
        await p.getByRole('button', { name: 'Get Players' }).click({ timeout: 20_000 });
      await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
      const bar = p.getByRole('progressbar');
      await expect(async () =>
        expect(await bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax')),
      ).toPass({ timeout: 60_000 });
    },
  },
  {
    path: '/tools/my-week',
    roles: publicRoles,
    ready: async (p, who) => {
      if (!connected(who)) return;
      const bar = p.getByRole('progressbar');
      await expect(bar).toBeVisible({ timeout: 30_000 });
      await expect(async () =>
        expect(await bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax')),
      ).toPass({ timeout: 60_000 });
    },
  },
  {
    path: '/tools/rookie-adp',
    roles: publicRoles,
    ready: (p) => expect(p.getByTestId('adp-caption')).toBeVisible({ timeout: 20_000 }),
  },
  {
    path: '/tools/rookie-adp?view=chart',
    roles: ['super user'],
    ready: (p) => expect(p.getByTestId('adp-caption')).toBeVisible({ timeout: 20_000 }),
  },
  { path: '/admin', roles: signedIn },
  { path: '/admin/articles', roles: signedIn },
  { path: '/admin/article/new', roles: signedIn },
  { path: '/admin/article/1', roles: signedIn },
  { path: '/admin/profiles', roles: signedIn },
  { path: '/admin/profile/new', roles: signedIn },
  { path: '/admin/profile/1', roles: signedIn },
  { path: '/admin/users', roles: signedIn },
  { path: (who) => `/admin/user/${who.role === 'super user' ? 1 : who.userId}`, roles: signedIn },
  {
    path: '/admin/adp-data',
    roles: ['super user'],
  },
  // Startup ADP over the last year (every startup the simulator made): MFL's snake drafts and
  // auctions, enough of each for a full table. Walked last: the store reads the listed leagues in
  // the background at start, and the later the walk comes to them the less it waits.
  {
    path: `/tools/rookie-adp?draft=startup&from=${lastYear.from}&to=${lastYear.to}`,
    roles: publicRoles,
    ready: (p) => startupTable(p, p.getByRole('table')),
  },
  {
    path: `/tools/rookie-adp?draft=startup&kind=auction&from=${lastYear.from}&to=${lastYear.to}`,
    roles: publicRoles,
    ready: (p) => startupTable(p, p.getByTestId('auction-table')),
  },
];

async function connectAll(page: Page) {
  for (const [path, data] of [
    ['/api/mfl/login', { username: 'demo', password: 'demo1234' }],
    ['/api/sleeper/connect', { username: 'dynastydemo' }],
    ['/api/flea/connect', { email: 'demo@dynasty.test' }],
  ] as const)
    expect((await page.request.post(path, { data })).status(), path).toBe(200);
}

/**
 * Waits until the page has drawn its content: a first-level heading, and nothing in it still loading
 * (skeletons and spinners mark themselves with data-loading; a live game's pulsing dot is content).
 */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main [data-loading]')).toHaveCount(0, { timeout: 30_000 });
}

/** The first line of what went wrong, for the table. */
const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/** On a phone: tables wider than their box, and a page that scrolls sideways. */
const phoneLayoutFindings = (page: Page, width: number) =>
  page.evaluate((width) => {
    const found: string[] = [];
    for (const t of document.querySelectorAll('main table')) {
      if ((t as HTMLElement).offsetParent === null) continue;
      const box = (t.parentElement as HTMLElement).clientWidth;
      if (t.scrollWidth > box + 1)
        found.push(
          `table "${t.getAttribute('aria-label') ?? t.querySelector('th')?.textContent}" ${t.scrollWidth} px in ${box} px`,
        );
    }
    const page = document.documentElement.scrollWidth;
    if (page > width) found.push(`page ${page} px wide`);
    return found;
  }, width);

/**
 * Pointer targets smaller than 24 × 24 px (WCAG 2.2, 2.5.8), held to the size itself: axe excuses
 * a small target with room around it, this does not. A link inside a line of text is exempt; a
 * control inside its label is measured with the label (the label takes the click too), and a link
 * stretched over its card (an absolute ::after) with the card.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=checkbox], [role=tab], [role=switch], [role=radio]';
    const inText = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      // Words of the surrounding line outside the link make it a link in text.
      return [...parent.childNodes].some(
        (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
    };
    const name = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 30);
    for (const el of document.querySelectorAll(selector)) {
      if ((el as HTMLButtonElement).disabled || el.closest('[aria-hidden=true], .video-embed')) continue;
      const after = getComputedStyle(el, '::after');
      let stretched: Element | null = null;
      if (after.content !== 'none' && after.position === 'absolute') {
        stretched = el.parentElement;
        while (stretched && getComputedStyle(stretched).position === 'static')
          stretched = stretched.parentElement;
      }
      const target = (el.tagName === 'INPUT' && el.closest('label')) || stretched || el;
      const r = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden') continue; // not shown (sr-only)
      if (el.tagName === 'A' && inText(el)) continue;
      if (r.width < 23.5 || r.height < 23.5)
        found.push(
          `small target ${Math.round(r.width)}×${Math.round(r.height)}: ${el.tagName.toLowerCase()} "${name(el)}"`,
        );
    }
    return found;
  });

interface Row {
  role: Role;
  width: number;
  path: string;
  findings: AxeFinding[];
  /** Small targets, phone layout problems, and a page that never settled. */
  layout: string[];
  /** Findings another change owns (listed, not failed on). */
  elsewhere: string[];
}

interface Walk {
  browser: Browser;
  testInfo: TestInfo;
  consoleErrors: ConsoleErrors;
}

/** One role at one width: one context, every page of the role, one row per page. */
async function walk({ browser, testInfo, consoleErrors }: Walk, who: Who, width: number, state?: object) {
  const context = await browser.newContext({
    baseURL: String(testInfo.project.use.baseURL),
    storageState: state as Awaited<ReturnType<typeof context.storageState>> | undefined,
    viewport: { width, height: 900 },
  });
  consoleErrors.watch(context);
  const page = await context.newPage();
  if (connected(who)) await connectAll(page);
  const rows: Row[] = [];
  for (const stop of STOPS.filter((s) => s.roles.includes(who.role))) {
    const path = typeof stop.path === 'function' ? stop.path(who) : stop.path;
    await test.step(`${who.role} · ${width} px · ${path}`, async () => {
      const layout: string[] = [];
      await page.goto(path);
      try {
        await settled(page);
        await stop.ready?.(page, who);
        await settled(page);
      } catch (e) {
        layout.push(`did not settle: ${firstLine(e)}`);
      }
      // As the page opens: scrolled down, a target under the sticky header would count as covered.
      await page.evaluate(() => window.scrollTo(0, 0));
      if (width < 600) layout.push(...(await phoneLayoutFindings(page, width)));
      layout.push(...(await smallTargets(page)));
      const owned = stop.ownedElsewhere;
      const row = {
        role: who.role,
        width,
        path,
        findings: await axeFindings(page),
        layout: layout.filter((l) => !owned?.match.test(l)),
        elsewhere: owned ? layout.filter((l) => owned.match.test(l)).map((l) => `${l} (${owned.by})`) : [],
      };
      rows.push(row);
      // Each page's line as it is walked, so a run that times out still says what it found.
      console.log(table([row], false));
    });
  }
  await context.close();
  return rows;
}

/** The findings as a text table: one line per page, then one per finding with its elements. */
function table(rows: Row[], header = true): string {
  const lines = header
    ? [
        'role        | width | page                                                     | axe | other',
        '------------|-------|----------------------------------------------------------|-----|-------',
      ]
    : [];
  for (const r of rows) {
    lines.push(
      `${r.role.padEnd(11)} | ${String(r.width).padStart(5)} | ${r.path.slice(0, 56).padEnd(56)} | ${String(r.findings.length).padStart(3)} | ${r.layout.length}`,
    );
    for (const f of r.findings) lines.push(`    ${f.id} (${f.impact}): ${f.targets.join(', ')}`);
    for (const l of r.layout) lines.push(`    ${l}`);
    for (const l of r.elsewhere) lines.push(`    not failed on: ${l}`);
  }
  const total = rows.reduce((n, r) => n + r.findings.length + r.layout.length, 0);
  if (header) lines.push(`${rows.length} pages walked, ${total} findings`);
  return lines.join('\n');
}

// The six walks (three roles at two widths) are tests of their own, run side by side: one walk
// after another was the longest stretch of the browser tests.
test.describe.configure({ mode: 'parallel' });

for (const width of [1280, 390])
  for (const role of ['visitor', 'contributor', 'super user'] as const)
    test(`axe finds nothing on any page for a ${role} at ${width} px`, async ({
      browser,
      adminState,
      contributor,
      consoleErrors,
    }, testInfo) => {
      test.setTimeout(240_000);
      const run: Walk = { browser, testInfo, consoleErrors };
      const rows =
        role === 'visitor'
          ? await walk(run, { role }, width)
          : role === 'contributor'
            ? await walk(run, { role, userId: contributor.user.id }, width, contributor.state)
            : await walk(run, { role, userId: 1 }, width, adminState);
      const report = table(rows);
      console.log(report);
      await testInfo.attach('axe findings', { body: report, contentType: 'text/plain' });
      expect(rows.length, 'pages walked').toBe(STOPS.filter((s) => s.roles.includes(role)).length);
      expect(
        rows
          .filter((r) => r.findings.length > 0 || r.layout.length > 0)
          .map((r) => `${r.role} ${r.width} ${r.path}`),
        report,
      ).toEqual([]);
    });
