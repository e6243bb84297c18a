/**
 * npm run bench: runs every benchmark in bench/ one after another (each prints its own figures),
 * then lists which met their targets. Name benchmarks to run only those: npm run bench -- search
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
const results: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  results.push(
    `${r.status === 0 ? 'ok  ' : 'MISS'} ${file} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
console.log(`\n${results.join('\n')}`);
