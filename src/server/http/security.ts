import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when the request is for the API, decided on the path the router matched (it decodes
 * `/%61pi/...` to `/api/...`), never on the raw URL; an unrouted path is judged decoded.
 */
export function isApiRequest(req: FastifyRequest): boolean {
  const routed = req.routeOptions.url;
  if (routed) return routed === '/api' || routed.startsWith('/api/');
  const path = req.url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is no API path anyone routes to.
  }
  return decoded === '/api' || decoded.startsWith('/api/');
}

/**
 * Cross-site request forgery guard for the API: a state-changing request whose Origin (or
 * Sec-Fetch-Site) shows another site is refused. Bodies must be JSON (the text/plain parser is
 * removed), which a cross-site form cannot send without a CORS preflight that we never grant.
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (req) => {
    if (!unsafe.has(req.method) || !isApiRequest(req)) return;
    if (req.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused.');
    const origin = req.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused.');
    }
    // req.host honours X-Forwarded-Host only when the proxy is trusted (TRUST_PROXY).
    if (host !== req.host) throw forbidden('Cross-site request refused.');
  });
}

/**
 * API answers that name no cache policy of their own are personal or live (league lists, connections,
 * the current user, tool results read with the visitor's league cookies): no browser or shared cache
 * may keep them. Public answers (content lists, the player list) set their own policy and keep it.
 */
export function registerNoStoreDefault(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (isApiRequest(req) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
