// npm test: type checks, lint, unit and API tests, then the browser tests; stops at the first failing
// step and ends with one line counting every test that ran.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
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

const ok =
  step('type check', bin('tsc'), ['--noEmit', '-p', '.']) &&
  step('lint', bin('biome'), ['check', '.']) &&
  step('unit and API tests', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(out, 'vitest.json')}`,
  ]) &&
  // The client and the server as they ship: the browser tests load this client, and a deployment
  // check that follows (.ci/run) finds both built.
  step('build', process.execPath, [join(root, 'scripts/build-if-needed.mjs'), '--force']) &&
  step('first-load budget', process.execPath, ['--import', 'tsx', join(root, 'bench/bundle-size.ts')]) &&
  step('browser tests', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json'),
  });
finish(ok);
