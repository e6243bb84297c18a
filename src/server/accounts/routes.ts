import type { FastifyInstance } from 'fastify';
import type { Cache } from '../cache.ts';
import type { Database } from '../db/client.ts';
import { knownBrowsers } from '../http/known-browsers.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AuthRoutesOptions } from './auth-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { currentPasswordCheck } from './login-limits.ts';
import type { ResetRoutesOptions } from './reset-routes.ts';
import { resetRoutes } from './reset-routes.ts';
import { userRoutes } from './user-routes.ts';

/** What the account routes are built with (the app's AppDeps has them all). */
export interface AccountRoutesDeps {
  cookieSecret: string;
  database: Database;
  cache: Cache;
  config: ResetRoutesOptions['config'];
  mflSharing?: AuthRoutesOptions['mflSharing'];
  mailer?: Mailer;
}

/** Login, signup, logout, users and password reset under /api. */
export async function accountRoutes(api: FastifyInstance, deps: AccountRoutesDeps) {
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
