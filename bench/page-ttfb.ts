/**
 * Time to first byte of a rendered article page and a rendered ranking page (cached, as a reader
 * after the first meets them) against the same server's health route, in one run: the app runs in a child process as in
 * production (the built client and renderer from dist/: run `npx vite build` first), seeded with the
 * demo content. One connection asks for the three in turn, 500 times each after a warm-up, so all
 * meet the same conditions. Prints the p50 and p95 of each and the ratio of the p50s (targets: each
 * page's p50 at most 15 ms and at most 1.5 × the health route's).
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
    const rankingList = await (await fetch(`${base}/api/rankings?limit=1`)).json();
    const pages = {
      article: `${base}/article/${list.items[0].shortname}`,
      ranking: `${base}/ranking/${rankingList.items[0].shortname}`,
    };
    const health = `${base}/api/health`;
    const html: Record<string, string> = {};
    const first: Record<string, number> = {};
    for (const [name, url] of Object.entries(pages)) {
      const answer = await ttfb(url);
      if (answer.status !== 200) throw new Error(`The ${name} answered ${answer.status}`);
      first[name] = answer.ms;
      html[name] = await (await fetch(url)).text();
      if (!html[name].includes('id="page-data"'))
        throw new Error(`The ${name} page is not rendered on the server`);
    }
    for (let i = 0; i < WARMUP; i++) {
      for (const url of Object.values(pages)) await ttfb(url);
      await ttfb(health);
    }
    const times: Record<string, number[]> = { article: [], ranking: [], health: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, url] of Object.entries(pages)) times[name].push((await ttfb(url)).ms);
      times.health.push((await ttfb(health)).ms);
    }
    const h50 = percentile(times.health, 50);
    let ok = true;
    for (const name of Object.keys(pages)) {
      const p50 = percentile(times[name], 50);
      const ratio = p50 / h50;
      ok &&= p50 <= 15 && ratio <= 1.5;
      console.log(`first (uncached) ${name}: ${first[name].toFixed(2)} ms`);
      console.log(
        `cached ${name}: p50 ${p50.toFixed(2)} ms, p95 ${percentile(times[name], 95).toFixed(2)} ms (${(html[name].length / 1024).toFixed(1)} KB of HTML), ${ratio.toFixed(2)} × health`,
      );
    }
    console.log(
      `/api/health:    p50 ${h50.toFixed(2)} ms, p95 ${percentile(times.health, 95).toFixed(2)} ms`,
    );
    console.log('targets: each page p50 ≤ 15 ms and ≤ 1.5 × the health route');
    process.exitCode = ok ? 0 : 1;
  } finally {
    agent.destroy();
    child.disconnect();
  }
}

if (process.argv[2] === 'serve') await serveContentApp();
else await main();
