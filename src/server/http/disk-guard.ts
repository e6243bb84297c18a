import { statfs } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { isApiRequest } from './security.ts';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// League and tool routes keep nothing in the database (only cookies and the cache); log-out decides
// for itself (it ends the session without writing while there is no room, see SessionEnds).
const keepsNothing = /^\/api\/((mfl|sleeper|flea|players)(\/|$)|logout$)/;

export const DISK_FULL_MESSAGE =
  'The server is out of disk space, so nothing can be saved right now. Reading still works; please try again later.';

/** PostgreSQL's disk_full (53100), or the file system's ENOSPC, from the database. */
export function isDiskFull(err: unknown): boolean {
  const e = err as
    | { code?: string; message?: string; cause?: { code?: string; message?: string } }
    | undefined;
  const codes = [e?.code, e?.cause?.code];
  if (codes.includes('53100') || codes.includes('ENOSPC')) return true;
  return /No space left on device/i.test(`${e?.message ?? ''} ${e?.cause?.message ?? ''}`);
}

/**
 * Keeps the embedded database off a full disk. PGlite does not survive running out of space while
 * it starts a new write-ahead-log segment (16 MB): the process spins and never answers again. So a
 * request that may write is refused with 507 while the data directory's file system has less than
 * `reserveBytes` free; reads and the health check go on, and writes resume by themselves once space
 * returns. With PostgreSQL the database server guards its own disk and its disk_full error gets the
 * same 507 (see the error handler). Answers whether there is room now, for log-out.
 */
export function registerDiskGuard(
  app: FastifyInstance,
  opts: { dataDir: string; reserveBytes: number },
): () => Promise<boolean> {
  let refusing = false;
  const free = async () => {
    const s = await statfs(opts.dataDir);
    return s.bavail * s.bsize;
  };
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!unsafe.has(req.method) || !isApiRequest(req)) return;
    if (keepsNothing.test(req.routeOptions.url ?? '')) return;
    let available: number;
    try {
      available = await free();
    } catch (err) {
      req.log.warn({ err }, 'could not read the free disk space');
      return;
    }
    if (available < opts.reserveBytes) {
      if (!refusing) {
        refusing = true;
        req.log.error(
          { freeBytes: available, reserveBytes: opts.reserveBytes, dataDir: opts.dataDir },
          'disk nearly full: refusing writes until space returns',
        );
      }
      throw new HttpError(507, DISK_FULL_MESSAGE);
    }
    if (refusing) {
      refusing = false;
      req.log.warn({ freeBytes: available }, 'disk space is back: accepting writes again');
    }
  });
  /** Whether the disk has its reserve free now, so the database may be written. */
  return async () => (await free()) >= opts.reserveBytes;
}
