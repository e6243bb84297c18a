// Builds the client (Vite: the browser's files in dist/client and the server's renderer of the public
// pages in dist/ssr) and the server (esbuild, one ES module per entry in dist/server) when a
// build is missing or older than its sources, so `npm start` on a fresh clone (or after a pull) serves
// what the sources say, as plain JavaScript, without a separate build step. `--force` rebuilds both.
import './node-version.mjs';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Runs a command with the terminal's output; rejects when it fails. */
function run(command, args, env = {}, { nice = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    if (nice && child.pid) setPriority(child.pid, nice);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/**
 * `vite build` builds both of Vite's environments (vite.config.ts): dist/client and dist/ssr. Brotli
 * at its best takes 1.8 CPU-seconds for the client's files: a start leaves it to the server, which
 * writes them once it is serving (src/server/http/precompress.ts); `--force` (npm run build, the
 * image) writes them here, since a deployed dist may be read-only. Vite's threads yield (nice 5) to
 * the database template's one, which is the longer of the two on two cores.
 */
const buildClient = (brotli) =>
  run(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn'],
    {
      PRECOMPRESS_BROTLI: brotli ? '1' : '0',
    },
    { nice: 5 },
  );

/**
 * The migrated empty database a new data directory copies (src/server/db/pg-template.ts), made
 * from the sources beside the server's build rather than after it. Node.js strips the types itself
 * from 22.18 on (tsx before). Liftoff alone: this process is too short-lived to gain from V8's
 * optimised WebAssembly code, which costs it a CPU-second to compile (3.1 CPU-s against 4.3).
 */
const buildDatabaseTemplate = (out) =>
  run(process.execPath, [
    ...(process.features.typescript ? [] : ['--import', 'tsx']),
    '--liftoff-only',
    join(root, 'src/server/db/pg-template.ts'),
    join(out, 'pg-template'),
  ]);

/**
 * A module source holding one character outside Latin-1 is kept by V8 as two bytes a character:
 * the server's 2.7 MB chunk would take 5.4 MB of heap. esbuild escapes strings, not regular
 * expressions' literal characters, so those are written as escapes (\\u2019) in the sources.
 */
function assertAscii(out) {
  for (const name of readdirSync(out).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(out, name), 'latin1');
    const at = text.search(/[\u0080-\uffff]/);
    if (at >= 0)
      throw new Error(
        `dist/server/${name} holds a character outside ASCII (near "${text.slice(Math.max(0, at - 40), at + 10)}"): write it as a \\u escape in the source.`,
      );
  }
}

/**
 * Builds the server's entries into `out` (dist/server unless told otherwise), migrations beside them,
 * and with `template` its empty database (in parallel: neither needs the other).
 */
export async function buildServer(out = join(root, 'dist/server'), { template = false } = {}) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const made = template ? buildDatabaseTemplate(out) : Promise.resolve();
  // Settled before anything is thrown, so a failing build never leaves the template's process behind.
  const [bundled, database] = await Promise.allSettled([bundle(out), made]);
  for (const r of [bundled, database]) if (r.status === 'rejected') throw r.reason;
}

async function bundle(out) {
  const { build } = await import('esbuild');
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
    // V8 keeps each module's source in the heap as long as the process runs: without comments and
    // spaces it is 4.5 MB, not 6.6. Names stay, so a stack trace still names its functions.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  assertAscii(out);
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

const clientStamp = join(root, 'dist/client/.built');

/** The client's build, now; its stamp is written only once it has succeeded. */
function buildClientNow(force) {
  rmSync(clientStamp, { force: true });
  return timed('client', clientStamp, () => buildClient(force));
}

/**
 * The client's build (this script with `--client`) in a process of its own, for scripts/start.mjs:
 * the server it becomes opens its database meanwhile and serves once the build has written its
 * stamp (src/server/ops/client-build.ts). The shell between returns at once, so the build is not
 * this process's child and nothing is left unreaped after the exec. Answers the build's process id.
 */
function buildClientAside() {
  rmSync(clientStamp, { force: true });
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const shell = spawn('/bin/sh', ['-c', '"$@" >&2 & echo $!', 'sh', process.execPath, script, '--client'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    shell.stdout.on('data', (d) => {
      out += d;
    });
    shell.on('error', reject);
    shell.on('close', (code) => {
      const pid = Number(out.trim());
      if (code === 0 && pid > 0) resolve(pid);
      else reject(new Error('The client build did not start.'));
    });
  });
}

/**
 * The client's build, the server's and its database template run side by side: on a fresh clone the
 * template's database creation takes about as long as the client's build. With `clientAside` the
 * client builds in a process that outlives this one (see buildClientAside), whose id is answered.
 */
export async function buildIfNeeded({ force = false, clientAside = false } = {}) {
  const steps = [];
  let clientBuild;
  const renderer = join(root, 'dist/ssr/entry-server.js');
  try {
    if (stale(clientStamp, ['src/client', 'vite.config.ts'], force) || !existsSync(renderer)) {
      if (clientAside) clientBuild = await buildClientAside();
      else steps.push(buildClientNow(force));
    }
    const serverStamp = join(root, 'dist/server/.built');
    if (stale(serverStamp, ['src/server'], force))
      steps.push(
        timed('server and its empty database', serverStamp, () =>
          buildServer(join(root, 'dist/server'), { template: true }),
        ),
      );
    await Promise.all(steps);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  return clientBuild;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--client'))
    await buildClientNow(false).catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
  else await buildIfNeeded({ force: process.argv.includes('--force') });
}
