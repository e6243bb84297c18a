import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_BROWSER_COOKIE, KNOWN_BROWSER_DAYS } from '#common/users.ts';

// Accounts one browser is remembered for; the oldest is forgotten first.
const MAX_SUBJECTS = 10;
const ID = /^[A-Za-z0-9_-]{22}$/;

export interface KnownBrowsers {
  /**
   * This browser's id when it has proven `subject` before (logged in to it), else undefined. The
   * failures of a known browser are counted apart from everyone else's, so nobody can lock it out.
   */
  known(req: FastifyRequest, subject: string): string | undefined;
  /** Marks this browser as one that has proven `subject` (a successful log-in). */
  remember(req: FastifyRequest, reply: FastifyReply, subject: string): void;
}

/**
 * Browsers that have logged in before, with no state on the server: the cookie holds a random id
 * for the browser and, per subject proven from it, an HMAC of the id and the subject under a key
 * derived from the server's secret (shared by every copy). It cannot be made for an account without
 * logging in to it, and a subject that includes the password hash is forgotten when the password
 * changes.
 */
export function knownBrowsers(secret: string): KnownBrowsers {
  const key = createHmac('sha256', secret).update('known-browsers').digest();
  const tagOf = (id: string, subject: string) =>
    createHmac('sha256', key).update(`${id}\n${subject}`).digest('base64url').slice(0, 22);
  const read = (req: FastifyRequest) => {
    const [id, ...tags] = (req.cookies[KNOWN_BROWSER_COOKIE] ?? '').split('.');
    return ID.test(id) ? { id, tags: tags.filter((t) => ID.test(t)) } : undefined;
  };
  const same = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    known(req, subject) {
      const cookie = read(req);
      if (!cookie) return undefined;
      const tag = tagOf(cookie.id, subject);
      return cookie.tags.some((t) => same(t, tag)) ? cookie.id : undefined;
    },
    remember(req, reply, subject) {
      const cookie = read(req) ?? { id: randomBytes(16).toString('base64url'), tags: [] };
      const tag = tagOf(cookie.id, subject);
      const tags = [tag, ...cookie.tags.filter((t) => t !== tag)].slice(0, MAX_SUBJECTS);
      reply.setCookie(KNOWN_BROWSER_COOKIE, [cookie.id, ...tags].join('.'), {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        path: '/api',
        maxAge: KNOWN_BROWSER_DAYS * 24 * 60 * 60,
      });
    },
  };
}
