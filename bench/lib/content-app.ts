import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/*
 * The real app in a child process, as in production, seeded with the demo content: benchmarks drive
 * it over HTTP from the parent, so the parent's own work never shares the server's event loop.
 */

/** In the child: the app on an ephemeral port; its port goes to the parent, which ends it by disconnecting. */
export async function serveContentApp(databaseUrl?: string): Promise<void> {
  const { buildApp } = await import('#server/app.ts');
  const { memoryCache } = await import('#server/cache.ts');
  const { loadConfig } = await import('#server/config.ts');
  const { seedDemoContent } = await import('#server/content/seed.ts');
  const { openDatabase } = await import('#server/db/client.ts');
  const { leagueServicesFor } = await import('#server/runtime.ts');
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 10 } : {});
  await seedDemoContent(database.db);
  const cache = memoryCache();
  const app = await buildApp({
    config,
    database,
    cache,
    services: leagueServicesFor(config, cache),
    cookieSecret: randomBytes(24).toString('hex'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on('disconnect', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** In the parent: runs `script` with `args` (its child branch calls serveContentApp) and waits for its port. */
export async function startContentApp(
  script: string,
  args: string[],
): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(script, args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}
