// npm test: type checks and lint beside the unit and API tests, then the browser tests; stops after the
// first stage that fails and ends with one line counting every test that ran.
import './node-version.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };

/**
 * Runs one step; resolves to whether it passed. A step run beside another (`held`) prints its output
 * whole when it ends, so the two do not interleave.
 */
function step(title, cmd, args, { env = {}, held = false } = {}) {
  const started = Date.now();
  if (!held) console.log(`\n▶ ${title}`);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on('data', (d) => output.push(d));
  child.stderr?.on('data', (d) => output.push(d));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (held) {
        console.log(`\n▶ ${title}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(
        `  ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(status === 0);
    });
  });
}

function count(file, read) {
  if (!existsSync(file)) return;
  const c = read(JSON.parse(readFileSync(file, 'utf8')));
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
}

function finish(ok) {
  count(join(out, 'vitest.json'), (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));
  count(join(out, 'playwright.json'), (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));
  console.log(
    `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

// The type check and lint each keep one core busy for a while, and Vitest's first seconds (its
// global set-up) leave one free: they run beside the unit tests.
const first = await Promise.all([
  step('type check', bin('tsc'), ['--noEmit', '-p', '.'], { held: true }),
  step('lint', bin('biome'), ['check', '.'], { held: true }),
  step('unit and API tests', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(out, 'vitest.json')}`,
  ]),
]);
const ok =
  first.every(Boolean) &&
  // The client and the server as they ship: the browser tests load this client, and a deployment
  // check that follows (.ci/run) finds both built.
  (await step('build', process.execPath, [join(root, 'scripts/build-if-needed.mjs'), '--force'])) &&
  (await step('first-load budget', process.execPath, [
    '--import',
    'tsx',
    join(root, 'bench/bundle-size.ts'),
  ])) &&
  (await step('browser tests', bin('playwright'), ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json') },
  }));
finish(ok);
