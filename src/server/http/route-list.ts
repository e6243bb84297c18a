import type { FastifyInstance } from 'fastify';

const lists = new WeakMap<FastifyInstance, Set<string>>();

/** Records every route as "METHOD /path" as it is registered; call before any route is added. */
export function recordRoutes(app: FastifyInstance) {
  const found = new Set<string>();
  lists.set(app, found);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') found.add(`${m} ${route.url}`);
  });
}

/** The app's /api routes, sorted ("GET /api/articles/:id"). */
export function apiRoutes(app: FastifyInstance): string[] {
  return [...(lists.get(app) ?? [])].filter((r) => r.split(' ')[1].startsWith('/api/')).sort();
}
