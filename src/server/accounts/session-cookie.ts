import type { FastifyReply, FastifyRequest } from 'fastify';
import { leagueCookies } from '#common/leagues.ts';
import { canUseAdmin } from '#common/roles.ts';
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts';
import type { User } from '#common/users.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.ts';

// HttpOnly keeps the token away from scripts; SameSite=Lax keeps it off cross-site POSTs;
// Secure whenever the request came over HTTPS (behind a trusted proxy, its X-Forwarded-Proto).
const options = (req: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
  path: '/',
});

// The hint holds no token, so scripts may read it.
const hintOptions = (req: FastifyRequest) => ({ ...options(req), httpOnly: false });

type Roles = Pick<User, 'isContributor' | 'isSuperUser'>;

/** The hint's value for a user: `staff` for contributors and super users, `1` for everyone else. */
const sessionHintOf = (user: Roles) => (canUseAdmin(user) ? 'staff' : '1');

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, user: Roles) {
  reply.setCookie(SESSION_COOKIE, token, { ...options(req), maxAge: SESSION_TTL_MS / 1000 });
  setHint(req, reply, sessionHintOf(user));
}

const setHint = (req: FastifyRequest, reply: FastifyReply, value: string) =>
  reply.setCookie(SESSION_HINT_COOKIE, value, { ...hintOptions(req), maxAge: SESSION_TTL_MS / 1000 });

/**
 * Keeps the hint true to the user's roles when the page asks who is logged in (a role given or taken
 * while the session lives). Only on that private answer, never on one a cache could share.
 */
export function keepSessionHint(req: FastifyRequest, reply: FastifyReply, user: Roles) {
  const value = sessionHintOf(user);
  if (req.cookies[SESSION_HINT_COOKIE] !== value) setHint(req, reply, value);
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, options(req));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(req));
}

/**
 * Ends this browser's league connections (MFL's session lasts 30 days): on a shared computer the
 * next person must not act on the owner's leagues after the site's log-out. Set as the league
 * routes set them.
 */
export function clearLeagueCookies(req: FastifyRequest, reply: FastifyReply) {
  for (const name of Object.values(leagueCookies)) reply.clearCookie(name, options(req));
}

/** Gives a session cookie without its hint (one issued before the hint existed) the hint. */
export function ensureSessionHint(req: FastifyRequest, reply: FastifyReply) {
  if (req.cookies[SESSION_COOKIE] && !req.cookies[SESSION_HINT_COOKIE]) setHint(req, reply, '1');
}
