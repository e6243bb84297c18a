/**
 * Time to first byte of a rendered article page (cached, as a reader after the first meets it)
 * against the same server's health route, in one run: the app runs in a child process as in
 * production (the built client and renderer from dist/: run `npx vite build` first), seeded with the
 * demo content. One connection asks for the two in turn, 500 times each after a warm-up, so both
 * meet the same conditions. Prints the p50 and p95 of each and the ratio of the p50s (targets: the
 * article's p50 at most 15 ms and at most 1.5 × the health route's).
 *
 *   node --import tsx bench/page-ttfb.ts
 */
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveContentApp, startContentApp } from './lib/content-app.ts';
import { percentile } from './lib/percentile.ts';

const ROUNDS = 500;
const WARMUP = 50;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds from sending the request to its status line and headers arriving; the body is read. */
function ttfb(url: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
      const ms = performance.now() - started;
      res.resume();
      res.on('end', () => resolve({ ms, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const root = join(import.meta.dirname, '..');
  if (
    !existsSync(join(root, 'dist/ssr/entry-server.js')) ||
    !existsSync(join(root, 'dist/client/index.html'))
  ) {
    console.error('Build the client and its renderer first: npx vite build');
    process.exit(1);
  }
  const { child, base } = await startContentApp(fileURLToPath(import.meta.url), ['serve']);
  try {
    const list = await (await fetch(`${base}/api/articles?limit=1`)).json();
    const article = `${base}/article/${list.items[0].shortname}`;
    const health = `${base}/api/health`;
    const first = await ttfb(article);
    if (first.status !== 200) throw new Error(`The article answered ${first.status}`);
    const page = await (await fetch(article)).text();
    if (!page.includes('id="page-data"')) throw new Error('The article page is not rendered on the server');
    for (let i = 0; i < WARMUP; i++) {
      await ttfb(article);
      await ttfb(health);
    }
    const times = { article: [] as number[], health: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      times.article.push((await ttfb(article)).ms);
      times.health.push((await ttfb(health)).ms);
    }
    const a50 = percentile(times.article, 50);
    const h50 = percentile(times.health, 50);
    console.log(`first (uncached) article: ${first.ms.toFixed(2)} ms`);
    console.log(
      `cached article: p50 ${a50.toFixed(2)} ms, p95 ${percentile(times.article, 95).toFixed(2)} ms (${(page.length / 1024).toFixed(1)} KB of HTML)`,
    );
    console.log(
      `/api/health:    p50 ${h50.toFixed(2)} ms, p95 ${percentile(times.health, 95).toFixed(2)} ms`,
    );
    const ratio = a50 / h50;
    console.log(`ratio of p50s: ${ratio.toFixed(2)} × (target ≤ 1.5 ×; article p50 target ≤ 15 ms)`);
    process.exitCode = a50 <= 15 && ratio <= 1.5 ? 0 : 1;
  } finally {
    agent.destroy();
    child.disconnect();
  }
}

if (process.argv[2] === 'serve') await serveContentApp();
else await main();
