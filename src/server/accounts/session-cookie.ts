import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.ts';

// HttpOnly keeps the token away from scripts; SameSite=Lax keeps it off cross-site POSTs;
// Secure whenever the request came over HTTPS (behind a trusted proxy, its X-Forwarded-Proto).
const options = (req: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
  path: '/',
});

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...options(req), maxAge: SESSION_TTL_MS / 1000 });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, options(req));
}
