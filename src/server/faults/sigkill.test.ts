import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count as countRows, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '#test/database.ts';
import { exited, FAULT_ADMIN, login, startServerProcess } from '#test/server-process.ts';
import { openDatabase } from '../db/client.ts';
import { articles } from '../db/schema.ts';

/**
 * The server is killed with SIGKILL in the middle of a stream of writes. After a restart every write
 * that was answered 2xx is there, and the database opens cleanly (PGlite: the lock left by the dead
 * process is taken over).
 */
describe(`SIGKILL during writes (${testDbKind})`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function target(): Promise<{
    env: Record<string, string>;
    count: (titles: string[]) => Promise<number>;
  }> {
    if (testDbKind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'dynasty-sigkill-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return {
        env: { DATA_DIR: dir },
        async count(titles) {
          const database = await openDatabase({ dataDir: dir });
          try {
            const [row] = await database.db
              .select({ n: countRows() })
              .from(articles)
              .where(inArray(articles.title, titles));
            return row.n;
          } finally {
            await database.close();
          }
        },
      };
    }
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `t_sigkill_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    return {
      env: { DATABASE_URL: url.toString() },
      async count(titles) {
        const c = new pg.Client({ connectionString: url.toString() });
        await c.connect();
        const r = await c.query('SELECT count(*)::int AS n FROM articles WHERE title = ANY($1)', [titles]);
        await c.end();
        return r.rows[0].n;
      },
    };
  }

  it('keeps every acknowledged write', { timeout: 240_000 }, async () => {
    const { env, count } = await target();
    const server = await startServerProcess(env);
    const cookie = await login(server.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const acknowledged: string[] = [];
    let stop = false;
    // Four writers in parallel; the process is killed once enough writes were acknowledged.
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const title = `sigkill ${w}-${i}`;
        try {
          const res = await fetch(`${server.base}/api/articles`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ title, body: `Body of ${title}`, tags: [{ name: 'durability' }] }),
          });
          if (res.ok) acknowledged.push(title);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(server.child);

    expect(await count(acknowledged)).toBe(acknowledged.length);

    // The server starts again on the same data and serves the writes.
    const again = await startServerProcess(env);
    try {
      const res = await fetch(`${again.base}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      await exited(again.child);
    }
  });
});
