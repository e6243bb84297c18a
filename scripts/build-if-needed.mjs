// Builds the client when the build is missing or older than its sources, so `npm start` on a fresh
// clone (or after a pull) serves what the sources say without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist/client/.built');
const inputs = ['src/client', 'src/common', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

export function buildIfNeeded() {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changedAt = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (builtAt >= changedAt) return false;
  console.log('Building the client…');
  const started = Date.now();
  const result = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
  console.log(`Built the client in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
