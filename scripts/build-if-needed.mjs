// Builds the client (Vite: the browser's files in dist/client and the server's renderer of the public
// pages in dist/ssr) and the server (esbuild, one ES module per entry in dist/server) when a
// build is missing or older than its sources, so `npm start` on a fresh clone (or after a pull) serves
// what the sources say, as plain JavaScript, without a separate build step. `--force` rebuilds both.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const shared = ['src/common', 'package-lock.json', 'scripts/build-if-needed.mjs'];

/** The server's entry points: the site itself and the operators' commands. */
const serverEntries = {
  main: 'src/server/main.ts',
  backup: 'src/server/ops/backup.ts',
  restore: 'src/server/ops/restore.ts',
};

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

function stale(stamp, inputs, force) {
  if (force || !existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return Math.max(...[...inputs, ...shared].map((p) => newest(join(root, p)))) > builtAt;
}

async function timed(label, stamp, fn) {
  console.log(`Building the ${label}…`);
  const started = Date.now();
  await fn();
  writeFileSync(stamp, new Date().toISOString());
  console.log(`Built the ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** `vite build` builds both of Vite's environments (vite.config.ts): dist/client and dist/ssr. */
function buildClient() {
  const result = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the server's entries into `out` (dist/server unless told otherwise), migrations beside them. */
export async function buildServer(out = join(root, 'dist/server')) {
  const { build } = await import('esbuild');
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    // Dependencies are bundled too: one file loads faster than hundreds of modules resolved one by
    // one. PGlite stays in node_modules (it finds its .wasm files beside its own modules), as do
    // the native addons (argon2, the data-directory file lock) and pg's optional native driver.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'fs-native-extensions', 'pg-native'],
    // Bundled CommonJS modules call require(); give them one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Chunks sit beside the entries: import.meta.dirname must be dist/server in every one.
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  });
  // Files the server reads next to its own module; in the bundle that is dist/server. migrate.ts
  // reads the SQL migrations, demo-content.ts the demo articles and profiles.
  for (const [from, to] of [
    ['src/server/db/migrations', 'migrations'],
    ['src/server/content/demo', 'demo'],
  ]) {
    mkdirSync(join(out, to), { recursive: true });
    cpSync(join(root, from), join(out, to), { recursive: true });
  }
}

export async function buildIfNeeded({ force = false } = {}) {
  let built = false;
  const clientStamp = join(root, 'dist/client/.built');
  const renderer = join(root, 'dist/ssr/entry-server.js');
  if (stale(clientStamp, ['src/client', 'vite.config.ts'], force) || !existsSync(renderer)) {
    await timed('client', clientStamp, buildClient);
    built = true;
  }
  const serverStamp = join(root, 'dist/server/.built');
  if (stale(serverStamp, ['src/server'], force)) {
    await timed('server', serverStamp, () => buildServer());
    built = true;
  }
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`)
  await buildIfNeeded({ force: process.argv.includes('--force') });
