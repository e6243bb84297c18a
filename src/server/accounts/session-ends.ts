import type { FastifyBaseLogger } from 'fastify';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { destroySessionById, SESSION_TTL_MS, tokenId } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends sessions on log-out, even while the database cannot be written (see SessionEnds). */
    sessionEnds: SessionEnds;
  }
}

const revokedKey = (id: string) => `revoked-session:${id}`;
const SETTLE_EVERY_MS = 30_000;

/**
 * Log-out deletes the session's row. While the database cannot be written (the disk guard refuses
 * writes below the reserve, or the database answers disk full) the session is revoked instead: in
 * this process, and in the cache, which with Redis every copy of the server reads, so it stops
 * working at once everywhere. The row is deleted once there is room again (checked every 30 s and
 * at each log-out). Without Redis a restart before then forgets the revocation.
 */
export class SessionEnds {
  /** Revoked sessions whose rows are still to be deleted: stored id → revoked until (ms). */
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly opts: {
      db: Db;
      cache: Cache;
      /** Whether the database may be written now (the disk guard's reserve; always with PostgreSQL). */
      hasRoom: () => Promise<boolean>;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Ends the session of `token`: its row goes, or it is revoked until the row can go. Never throws. */
  async end(token: string): Promise<'deleted' | 'revoked'> {
    const id = tokenId(token);
    if (await this.room()) {
      try {
        await destroySessionById(this.opts.db, id);
        await this.settle();
        return 'deleted';
      } catch (err) {
        this.opts.log.warn({ err }, 'log-out could not delete the session: it is revoked until it can');
      }
    }
    await this.revoke(id);
    return 'revoked';
  }

  /** True when the session of `token` was ended here or on another copy and its row is not gone yet. */
  async isRevoked(token: string): Promise<boolean> {
    const id = tokenId(token);
    if (this.pending.has(id)) return true;
    return (await this.opts.cache.get(revokedKey(id)).catch(() => undefined)) !== undefined;
  }

  /** Deletes the rows of revoked sessions, if the database may be written now. Answers how many. */
  async settle(): Promise<number> {
    const now = Date.now();
    for (const [id, until] of this.pending) if (until <= now) this.pending.delete(id);
    if (this.pending.size === 0 || !(await this.room())) return 0;
    let deleted = 0;
    for (const id of [...this.pending.keys()]) {
      try {
        await destroySessionById(this.opts.db, id);
      } catch {
        break;
      }
      this.pending.delete(id);
      await this.opts.cache.delete(revokedKey(id)).catch(() => undefined);
      deleted += 1;
    }
    if (deleted > 0)
      this.opts.log.info(
        { sessions: deleted },
        'revoked sessions deleted now that the database takes writes',
      );
    if (this.pending.size === 0) this.stop();
    return deleted;
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async room(): Promise<boolean> {
    return this.opts.hasRoom().catch(() => false);
  }

  private async revoke(id: string) {
    this.pending.set(id, Date.now() + SESSION_TTL_MS);
    // A session lives at most SESSION_TTL_MS, so its revocation need not outlive that.
    await this.opts.cache.set(revokedKey(id), 1, SESSION_TTL_MS).catch((err) => {
      this.opts.log.warn({ err }, 'session revoked in this process only: the shared cache did not take it');
    });
    this.timer ??= setInterval(() => void this.settle(), SETTLE_EVERY_MS).unref();
  }
}
