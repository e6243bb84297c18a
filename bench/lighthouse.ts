/**
 * Lighthouse (mobile settings, simulated throttling) in Debian's Chromium on the public pages and
 * each tool, against the real server with the demo content. Prints a table of the four category
 * scores, the page's JavaScript as transferred, the metrics behind the performance score and the
 * largest element (what the LCP measured). Targets: performance ≥ 98 on home, article and profile and
 * ≥ 95 elsewhere, accessibility 100, best practices ≥ 95, SEO 100 on public pages. Each page is
 * measured LH_RUNS times (3) and the run with the median performance score is shown. LH_PAGES
 * (names, comma-separated: `home,article,profile`) measures only those; LH_JSON_DIR keeps each
 * shown run's report there; LH_PORT serves the site on that port (else a free one).
 *
 * Lighthouse and chrome-launcher are not installed with the project (they would add some 90
 * packages that nothing else uses): add them for the run as below (the next `npm ci` takes them away
 * again). Without them the benchmark says so in one line and exits non-zero.
 *
 *   npm install --no-save lighthouse chrome-launcher
 *   node --import tsx bench/lighthouse.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, startServerProcess } from '#test/server-process.ts';

const RUNS = Number(process.env.LH_RUNS ?? 3);

// The little of Lighthouse's and chrome-launcher's API used here, so type checks need neither.
interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: unknown;
}
interface Lhr {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

/** Loads both, or says how to add them and exits. */
async function loadTools(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  // Names in variables: TypeScript then does not look for the packages' types.
  const names = ['lighthouse', 'chrome-launcher'];
  try {
    const [lh, cl] = await Promise.all(names.map((name) => import(name)));
    return { lighthouse: lh.default, chromeLauncher: cl };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    console.error(
      'bench/lighthouse.ts needs lighthouse and chrome-launcher, not installed by default: npm install --no-save lighthouse chrome-launcher',
    );
    process.exit(1);
  }
}

const { lighthouse, chromeLauncher } = await loadTools();

const dir = mkdtempSync(join(tmpdir(), 'dynasty-lh-'));
const server = await startServerProcess({
  DATA_DIR: dir,
  SEED_DEMO: '1',
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
  ...(process.env.LH_PORT && { PORT: process.env.LH_PORT }),
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const article = (await (await fetch(`${server.base}/api/articles?limit=1`)).json()).items[0].shortname;
  const profile = (await (await fetch(`${server.base}/api/profiles?limit=1`)).json()).items[0].shortname;
  // [name, path, public, performance target]
  const only = process.env.LH_PAGES?.split(',').map((s) => s.trim());
  const pages = (
    [
      ['home', '/', true, 98],
      ['article', `/article/${article}`, true, 98],
      ['profile', `/profile/${profile}`, true, 98],
      ['articles', '/articles', true, 95],
      ['search', '/search?search=rookie', true, 95],
      ['rostership', '/tools/rostership', false, 95],
      ['status checker', '/tools/status-checker', false, 95],
      ['lineup', '/tools/lineup', false, 95],
      ['rookie ADP', '/tools/rookie-adp', false, 95],
      ['my week', '/tools/my-week', false, 95],
    ] as const
  ).filter(([name]) => !only || only.includes(name));
  const rows: string[] = [];
  let ok = true;
  for (const [name, path, isPublic, perfTarget] of pages) {
    // Lighthouse's own advice: scores move from run to run, so take the median of several runs
    // (LH_RUNS, 3 by default). A run whose trace missed the navigation's start (NO_NAVSTART) has no
    // performance score; it measured nothing and is taken again.
    const measured: Lhr[] = [];
    for (let attempt = 0; measured.length < RUNS && attempt < RUNS + 3; attempt++) {
      const result = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // No outside network here: the social feed's script fails fast instead of hanging.
        blockedUrlPatterns: ['*platform.twitter.com*'],
      });
      const run = result!.lhr;
      if (!run.runtimeError && typeof run.categories.performance?.score === 'number') measured.push(run);
      else
        console.error(
          `${name}: a run measured nothing (${run.runtimeError?.code ?? 'no performance score'})`,
        );
    }
    measured.sort((a, b) => a.categories.performance!.score! - b.categories.performance!.score!);
    const lhr = measured[Math.floor(measured.length / 2)];
    const runs = measured.map((m) => Math.round(m.categories.performance!.score! * 100)).join(', ');
    // LH_JSON_DIR keeps that run's whole report (<name>.json) for a closer look.
    if (process.env.LH_JSON_DIR)
      writeFileSync(join(process.env.LH_JSON_DIR, `${name.replaceAll(' ', '-')}.json`), JSON.stringify(lhr));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const items =
      (
        lhr.audits['network-requests']?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items ?? [];
    const jsKb =
      items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + i.transferSize, 0) / 1024;
    const [perf, a11y, bp, seo] = [
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
    ];
    const pass =
      perf >= perfTarget &&
      a11y === 100 &&
      bp >= 95 &&
      (!isPublic || seo === 100) &&
      (!isPublic || jsKb <= 100);
    ok &&= pass;
    const ms = (id: string) => String(Math.round(lhr.audits[id]?.numericValue ?? 0)).padStart(6);
    rows.push(
      `${name.padEnd(15)} ${String(perf).padStart(5)} ${String(a11y).padStart(5)} ${String(bp).padStart(5)} ${String(seo).padStart(5)} ${jsKb.toFixed(1).padStart(8)} ${ms('first-contentful-paint')} ${ms('largest-contentful-paint')} ${ms('total-blocking-time')} ${ms('speed-index')} ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6)}  ${pass ? 'ok' : 'MISS'}`,
    );
    // The element the largest contentful paint measured and its parts (Lighthouse 13 names it in
    // its LCP breakdown insight: time to first byte, then the render delay for text).
    type Node = { type?: string; snippet?: string; selector?: string };
    type Part = { subpart?: string; label?: string; duration?: number };
    const breakdown = (
      lhr.audits['lcp-breakdown-insight']?.details as { items?: (Node & { items?: Part[] })[] } | undefined
    )?.items;
    const node = breakdown?.find((i) => i.type === 'node');
    const parts = breakdown?.find((i) => Array.isArray(i.items))?.items ?? [];
    rows.push(`${''.padEnd(15)} performance of each run: ${runs}`);
    if (node)
      rows.push(
        `${''.padEnd(15)} largest element: ${(node.snippet ?? node.selector ?? '').slice(0, 100)}; ${parts
          .map((p) => `${p.subpart ?? p.label} ${Math.round(p.duration ?? 0)} ms`)
          .join(', ')}`,
      );
    if (!pass) {
      const failing = Object.values(lhr.audits)
        .filter(
          (a): a is Audit =>
            !!a &&
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id)
        .slice(0, 8);
      rows.push(`${''.padEnd(15)} below: ${failing.join(', ')}`);
    }
  }
  console.log('Lighthouse, mobile settings');
  console.log(
    `${'page'.padEnd(15)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'seo'.padStart(5)} ${'JS KB'.padStart(8)} ${'FCP ms'.padStart(6)} ${'LCP ms'.padStart(6)} ${'TBT ms'.padStart(6)} ${'SI ms'.padStart(6)} ${'CLS'.padStart(6)}`,
  );
  for (const r of rows) console.log(r);
  process.exitCode = ok ? 0 : 1;
} finally {
  chrome.kill();
  server.child.kill('SIGTERM');
  await exited(server.child);
  rmSync(dir, { recursive: true, force: true });
}
