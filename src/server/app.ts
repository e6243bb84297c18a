import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCurrentUser } from './accounts/current-user.ts';
import { accountRoutes } from './accounts/routes.ts';
import type { Cache } from './cache.ts';
import type { Config } from './config.ts';
import { contentPageMeta, feedRoutes } from './content/pages.ts';
import { contentRoutes } from './content/routes.ts';
import type { Database } from './db/client.ts';
import { registerDiskGuard } from './http/disk-guard.ts';
import { registerErrorHandler } from './http/errors-handler.ts';
import { healthRoutes } from './http/health.ts';
import { siteOrigin } from './http/origin.ts';
import { robotsRoutes } from './http/robots.ts';
import { recordRoutes } from './http/route-list.ts';
import { registerCsrfGuard, registerNoStoreDefault } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { registerVisitorContext } from './leagues/call-context.ts';
import { leagueRoutes } from './leagues/routes.ts';
import type { LeagueServices } from './leagues/services.ts';
import { metricsPlugin } from './ops/metrics.ts';
import { opsRoutes } from './ops/routes.ts';
import { lineupRoutes } from './tools/lineup-routes.ts';
import { playerStatusRoutes } from './tools/player-status-routes.ts';
import { rookieAdpRoutes } from './tools/rookie-adp-routes.ts';
import { rostershipRoutes } from './tools/rostership-routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  cache: Cache;
  /** The Redis connection behind the cache, when there is one (shared rate limits). */
  redis?: import('ioredis').Redis;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The MFL, Sleeper and Fleaflicker clients (pointed at the simulator in tests and the demo). */
  services: LeagueServices;
  /** The visitors' per-service limits when they differ from the defaults; background reads take a share. */
  serviceLimits?: import('./leagues/services.ts').LeagueServicesOptions['limits'];
  /** The site's own requests to each league service, which background reads make way for. */
  serviceActivity?: import('./tools/rookie-adp/discovery/budget.ts').ServiceActivity;
  /** Secret for signed cookies; read from the database on start. */
  cookieSecret: string;
}

export type App = FastifyInstance;
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;
export const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Builds the whole app without listening, so tests can call app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Errors raised before a route runs (an over-long path parameter, a bad URL) keep the API's shape.
    frameworkErrors: (err, _req, reply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      (reply as FastifyReply)
        .status(status)
        .send({ error: status === 414 ? 'The address is too long.' : 'Bad request.' });
    },
  });
  recordRoutes(app);
  metricsPlugin(app, { token: config.metricsToken });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyCookie, { secret: deps.cookieSecret });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://platform.twitter.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          'https://platform.twitter.com',
          'https://syndication.twitter.com',
        ],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: `${config.redisPrefix}rl:`,
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  registerCsrfGuard(app);
  registerNoStoreDefault(app);
  if (deps.database.kind === 'pglite' && deps.database.dataDir)
    registerDiskGuard(app, { dataDir: deps.database.dataDir, reserveBytes: config.diskReserveBytes });
  registerCurrentUser(app, deps.database.db);
  registerVisitorContext(app);

  await app.register(
    async (api) => {
      await healthRoutes(api, deps);
      await opsRoutes(api, deps);
      await accountRoutes(api, deps);
      await contentRoutes(api, deps);
      await rostershipRoutes(api, deps);
      await playerStatusRoutes(api, deps);
      await lineupRoutes(api, deps);
      await rookieAdpRoutes(api, deps);
      await api.register(leagueRoutes, {
        services: deps.services,
        // Secure always when the site is only served over HTTPS; else per request (see the routes).
        secureCookies: config.env === 'production' && Boolean(config.publicUrl?.startsWith('https:')),
      });
    },
    { prefix: '/api' },
  );
  await feedRoutes(app, deps);
  await robotsRoutes(app, { origin: siteOrigin(config) });

  await registerSpa(app, {
    dir: deps.clientDir ?? join(import.meta.dirname, '../../dist/client'),
    origin: siteOrigin(config),
    providers: contentPageMeta(deps),
    clientConfig: { shopUrl: config.shopUrl, socialFeedUrl: config.socialFeedUrl },
    siteMeta: {
      title: 'Dynasty Forge — dynasty fantasy football analysis and league tools',
      description:
        'Dynasty fantasy football articles, rookie prospect profiles and tools for your MFL, Sleeper and Fleaflicker leagues.',
      type: 'website',
    },
  });
  return app;
}
