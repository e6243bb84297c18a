import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who a league-service call is made for, without threading it through every client method: the
 * visitor (their address) for calls made while answering a request, or background work. The
 * per-service queues use it to share the services' rate fairly.
 */
export interface CallContext {
  visitor?: string;
  priority?: 'visitor' | 'background';
}

const storage = new AsyncLocalStorage<CallContext>();

export const currentCallContext = (): CallContext | undefined => storage.getStore();

/** Runs `fn` (and every call it makes) as background work: it yields to visitors and gets at most its share of each service. */
export function inBackground<T>(fn: () => T): T {
  return storage.run({ priority: 'background' }, fn);
}

/** Runs `fn` on behalf of one visitor. */
export function asVisitor<T>(visitor: string, fn: () => T): T {
  return storage.run({ visitor, priority: 'visitor' }, fn);
}

/**
 * Marks every request's league calls with the visitor's network (`request.clientNetwork`: an IPv4
 * address, or an IPv6 client's /64, which it could otherwise rotate through to pose as countless
 * visitors). An address, not a cookie: cookies are free to forge and rotate too.
 */
export function registerVisitorContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ visitor: request.clientNetwork ?? request.ip, priority: 'visitor' }, done);
  });
}
