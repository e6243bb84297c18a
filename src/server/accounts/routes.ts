import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { knownBrowsers } from '../http/known-browsers.ts';
import { authRoutes } from './auth-routes.ts';
import { currentPasswordCheck } from './login-limits.ts';
import { resetRoutes } from './reset-routes.ts';
import { userRoutes } from './user-routes.ts';

/** Login, signup, logout, users and password reset under /api. */
export async function accountRoutes(api: FastifyInstance, deps: AppDeps) {
  await api.register(async (scope) => {
    // Answers about accounts are personal: never kept by a browser or a shared cache.
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const known = knownBrowsers(deps.cookieSecret);
    // One count of wrong current passwords per account, whichever route asked for it.
    const checkCurrentPassword = currentPasswordCheck(scope, known);
    await authRoutes(scope, deps.database.db, {
      attemptsPerMinute: deps.config.authAttemptsPerMinute,
      cache: deps.cache,
      mflSharing: deps.mflSharing,
      known,
      checkCurrentPassword,
    });
    await userRoutes(scope, deps.database.db, {
      cache: deps.cache,
      mailer: deps.mailer,
      checkCurrentPassword,
    });
    await resetRoutes(scope, deps.database.db, { config: deps.config, mailer: deps.mailer, known });
  });
}
