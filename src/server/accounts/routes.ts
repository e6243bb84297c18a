import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { authRoutes } from './auth-routes.ts';
import { resetRoutes } from './reset-routes.ts';
import { userRoutes } from './user-routes.ts';

/** Login, signup, logout, users and password reset under /api. */
export async function accountRoutes(api: FastifyInstance, deps: AppDeps) {
  await api.register(async (scope) => {
    // Answers about accounts are personal: never kept by a browser or a shared cache.
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await authRoutes(scope, deps.database.db, {
      attemptsPerMinute: deps.config.authAttemptsPerMinute,
      cache: deps.cache,
      mflSharing: deps.mflSharing,
    });
    await userRoutes(scope, deps.database.db, deps.cache);
    await resetRoutes(scope, deps.database.db, { config: deps.config, mailer: deps.mailer });
  });
}
