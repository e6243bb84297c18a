import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, FAULT_ADMIN, login, type ServerProcess, startServerProcess } from '#test/server-process.ts';

/*
 * Two server processes on one PostgreSQL and one Redis, behind one round-robin address: a session
 * made on one is valid on the other, log-in limits are shared, and a content write on one is seen
 * at once through the other's cache.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !adminUrl)('scale-out on PostgreSQL and Redis', () => {
  const dbName = `t_scale_${randomBytes(4).toString('hex')}`;
  let servers: ServerProcess[] = [];
  let proxy: Server;
  let front: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`,
    };
    // The first start migrates; the second starts while the first may still be migrating.
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    let next = 0;
    proxy = createServer((req, res) => {
      const target = new URL(servers[next++ % servers.length].base);
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    front = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  }, 180_000);

  afterAll(async () => {
    proxy?.close();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => exited(s.child)));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  const json = { 'content-type': 'application/json' };

  it('serves from both copies, directly and through one address', async () => {
    for (const s of servers) expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fetch(`${front}/api/health`)).status).toBe(200);
  });

  it('accepts a session made on one copy on the other', async () => {
    const [a, b] = servers;
    const cookie = await login(a.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const res = await fetch(`${b.base}/api/users/currentUser`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe(FAULT_ADMIN.email);
    // Logging out on B ends the session on A too.
    await fetch(`${b.base}/api/logout`, { method: 'POST', headers: { ...json, cookie }, body: '{}' });
    expect((await fetch(`${a.base}/api/users/currentUser`, { headers: { cookie } })).status).toBe(401);
  });

  it('shows a content write made on one copy through the other copy at once', async () => {
    const [a, b] = servers;
    const cookie = await login(b.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const before = await (await fetch(`${b.base}/api/articles?limit=50`)).json();
    const title = `Scale-out ${randomBytes(3).toString('hex')}`;
    const saved = await fetch(`${a.base}/api/articles`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ title, body: 'Seen everywhere.', isVisible: true }),
    });
    expect(saved.status).toBeLessThan(300);
    const after = await (await fetch(`${b.base}/api/articles?limit=50`)).json();
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((x: { title: string }) => x.title)).toContain(title);
  });

  it('shares the log-in limit between the copies', async () => {
    const email = `nobody-${randomBytes(3).toString('hex')}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${servers[i % 2].base}/api/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: email, password: 'wrong-password' }),
      });
      statuses.push(res.status);
    }
    // Each copy alone would allow twice as many failures before refusing.
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThan(12);
    expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);
  });
});
