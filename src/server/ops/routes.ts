import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { operatorOnly } from './metrics.ts';

/** Readiness gives up on a dependency after this long: a hung database is a failed check. */
const READY_TIMEOUT_MS = 2_000;

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in time')), ms).unref()),
  ]);

async function check(work: () => Promise<unknown>): Promise<'ok' | 'down'> {
  try {
    await within(READY_TIMEOUT_MS, work());
    return 'ok';
  } catch {
    return 'down';
  }
}

/** The file beside PGlite's data that holds the token `npm run backup` presents. */
export const backupTokenPath = (dataDir: string) => join(dataDir, 'backup.token');

/** Reads the backup token of a data directory, making one (readable by its owner only) if missing. */
export function ensureBackupToken(dataDir: string): string {
  const path = backupTokenPath(dataDir);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(path, 'utf8').trim();
}

const readySchema = z.object({
  ok: z.boolean(),
  db: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'none']),
  error: z.string().optional(),
});

/**
 * GET /api/ready: the database answers, for a load balancer deciding whether to send traffic here
 * (Redis, when configured, is reported but optional); /api/health only says the process is up.
 * POST /api/ops/backup: a consistent backup of the embedded database for `npm run backup`, which
 * proves it runs on this machine by the token kept in the data directory.
 */
export async function opsRoutes(api: FastifyInstance, deps: { database: Database; redis?: Redis }) {
  api.get('/ready', { schema: { response: { 200: readySchema, 503: readySchema } } }, async (_req, reply) => {
    const [db, redis] = await Promise.all([
      check(() => deps.database.ping()),
      deps.redis ? check(() => deps.redis!.ping()) : Promise.resolve('none' as const),
    ]);
    // Redis is shared by every server and the site works without it (decision 029): a Redis that is
    // down shows here but takes no server out of the balancer, which would take them all at once.
    const ok = db === 'ok';
    if (ok) return { ok, db, redis };
    return reply.status(503).send({ ok, db, redis, error: 'Not ready: the database did not answer.' });
  });

  const { dataDir, backup } = deps.database;
  const token = dataDir && backup ? ensureBackupToken(dataDir) : undefined;
  api.post('/ops/backup', async (request, reply) => {
    // Only the token opens this route: no session, however privileged, and no address is enough.
    if (!token || !operatorOnly(request, token)) {
      return reply.status(403).send({
        error: backup
          ? 'Backups are taken with npm run backup on the server itself.'
          : 'This site runs on PostgreSQL: back it up with pg_dump (see the README).',
      });
    }
    const started = Date.now();
    const file = await backup!();
    request.log.info({ bytes: file.size, ms: Date.now() - started }, 'backup taken');
    reply.header('content-type', 'application/gzip');
    reply.header('cache-control', 'no-store');
    return reply.send(Buffer.from(await file.arrayBuffer()));
  });
}
