import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canUseAdmin } from '#common/roles.ts';
import type { User } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { isApiRequest } from '../http/security.ts';
import type { SessionEnds } from './session-ends.ts';
import { SESSION_COOKIE, sessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, loaded once per API request from the session cookie. */
    user: User | null;
  }
}

export function registerCurrentUser(app: FastifyInstance, db: Db, ends: Pick<SessionEnds, 'isRevoked'>) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req)) return;
    const token = req.cookies[SESSION_COOKIE];
    const user = await sessionUser(db, token);
    // A session logged out while its row could not be deleted (a full disk) is over all the same.
    req.user = user && token && (await ends.isRevoked(token)) ? null : user;
  });
}

export function requireUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Contributors and super users may use the admin panel. */
export function requireAdmin(req: FastifyRequest): User {
  const user = requireUser(req);
  if (!canUseAdmin(user)) throw forbidden('Only contributors and super users may do that.');
  return user;
}

export function requireSuperUser(req: FastifyRequest): User {
  const user = requireUser(req);
  if (!user.isSuperUser) throw forbidden('Only super users may do that.');
  return user;
}
