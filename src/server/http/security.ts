import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for the API: a state-changing request whose Origin (or
 * Sec-Fetch-Site) shows another site is refused. Bodies must be JSON (the text/plain parser is
 * removed), which a cross-site form cannot send without a CORS preflight that we never grant.
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (req) => {
    if (!unsafe.has(req.method) || !req.url.startsWith('/api/')) return;
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
