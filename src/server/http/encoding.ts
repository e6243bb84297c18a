import type { FastifyRequest } from 'fastify';

/** True when the client takes gzip-encoded answers. */
export const acceptsGzip = (req: FastifyRequest) =>
  /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
