/**
 * What a test file's database costs to open: migrating a fresh in-memory PGlite, against loading the
 * data directory of one migrated before (what the vitest global set-up provides). Target: loading
 * costs under half of migrating.
 */
import { openDatabase } from '#server/db/client.ts';

const rounds = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(open: () => ReturnType<typeof openDatabase>): Promise<number> {
  const started = performance.now();
  const database = await open();
  const ms = performance.now() - started;
  await database.close();
  return ms;
}

const template = await openDatabase({});
const saved = await template.backup!();
await template.close();

const migrated: number[] = [];
const loaded: number[] = [];
for (let i = 0; i < rounds; i++) {
  migrated.push(await time(() => openDatabase({})));
  loaded.push(await time(() => openDatabase({ loadDataDir: saved })));
}
const m = median(migrated);
const l = median(loaded);
console.log(
  `migrate a fresh PGlite: median ${m.toFixed(0)} ms (${migrated.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `load the migrated copy: median ${l.toFixed(0)} ms (${loaded.map((x) => x.toFixed(0)).join(', ')})`,
);
const ok = l < m / 2;
console.log(
  `${ok ? 'ok' : 'MISS'}: loading costs ${((100 * l) / m).toFixed(0)}% of migrating (target < 50%)`,
);
process.exitCode = ok ? 0 : 1;
