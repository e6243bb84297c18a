/**
 * PostgreSQL restarted under load: the server keeps running while its database goes away and comes
 * back, answers clear errors meanwhile, and every write it acknowledged (2xx) is there afterwards.
 * Needs BENCH_DATABASE_URL (a scratch database is made and dropped) and the right to restart the
 * local cluster (PG_RESTART_CMD, default `pg_ctlcluster <version> main restart`). Skipped without them.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/pg-restart.ts
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { exited, FAULT_ADMIN, login, startServerProcess } from '#test/server-process.ts';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log('BENCH_DATABASE_URL is not set: skipped.');
  process.exit(0);
}
const restartCmd =
  process.env.PG_RESTART_CMD ??
  `pg_ctlcluster --skip-systemctl-redirect ${readdirSync('/etc/postgresql')[0]} main restart`;

const name = `bench_restart_${randomBytes(3).toString('hex')}`;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(q);
  await c.end();
};
await admin(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const server = await startServerProcess({ DATABASE_URL: url.toString(), SEED_DEMO: '1', LOG_LEVEL: 'fatal' });
try {
  const cookie = await login(server.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
  const acknowledged: string[] = [];
  const failed: number[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      const title = `restart ${i}`;
      try {
        const res = await fetch(`${server.base}/api/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ title, body: 'written under load' }),
        });
        if (res.ok) acknowledged.push(title);
        else failed.push(res.status);
      } catch {
        failed.push(0);
      }
    }
  })();
  const reads = autocannon({ url: `${server.base}/api/articles?limit=20`, connections: 20, duration: 20 });
  await new Promise((r) => setTimeout(r, 5_000));
  const t0 = Date.now();
  execSync(restartCmd, { stdio: 'inherit' });
  const restartMs = Date.now() - t0;
  const readResult = await reads;
  stop = true;
  await writer;

  const health = await fetch(`${server.base}/api/health`);
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const { rows } = await c.query('SELECT count(*)::int AS n FROM articles WHERE title = ANY($1)', [
    acknowledged,
  ]);
  await c.end();

  console.log('PostgreSQL restarted under load');
  console.log(`  restart took          ${restartMs} ms`);
  console.log(
    `  reads                 ${readResult.requests.total} (${readResult.non2xx} non-2xx, ${readResult.errors} errors)`,
  );
  console.log(
    `  writes acknowledged   ${acknowledged.length}, refused during the restart ${failed.length} (statuses ${[...new Set(failed)].join(', ')})`,
  );
  console.log(`  acknowledged found    ${rows[0].n} of ${acknowledged.length}`);
  console.log(
    `  server after restart  /api/health ${health.status}, process ${server.child.exitCode === null ? 'alive' : 'DEAD'}`,
  );
  const ok = rows[0].n === acknowledged.length && health.status === 200 && server.child.exitCode === null;
  console.log(ok ? '  result: ok' : '  result: FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.child.kill('SIGTERM');
  await exited(server.child);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
