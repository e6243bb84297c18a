import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { HOME_TITLE } from '#common/site.ts';
import { adpBackgroundPlugin, createAdpBackground } from '#server/adp-data/background.ts';
import { createMflSharing } from '#server/adp-data/consent.ts';
import { registerCurrentUser } from './accounts/current-user.ts';
import { accountRoutes } from './accounts/routes.ts';
import { ensureSessionHint } from './accounts/session-cookie.ts';
import { SessionEnds } from './accounts/session-ends.ts';
import { contentPageMeta, feedRoutes } from './content/pages.ts';
import { contentRoutes } from './content/routes.ts';
import type { AppDeps } from './deps.ts';
import { registerClientNetwork } from './http/client-network.ts';
import { registerDiskGuard } from './http/disk-guard.ts';
import { registerErrorHandler } from './http/errors-handler.ts';
import { healthRoutes } from './http/health.ts';
import { sharedLimitStore } from './http/limit-store.ts';
import { siteOrigin } from './http/origin.ts';
import { robotsRoutes } from './http/robots.ts';
import { recordRoutes } from './http/route-list.ts';
import { registerCsrfGuard, registerNoStoreDefault } from './http/security.ts';
import { isPageRender, loadPageRenderer, registerSpa } from './http/spa.ts';
import { timeoutOptions } from './http/timeouts.ts';
import { leagueAccountRoutes } from './leagues/account-routes.ts';
import { registerVisitorContext } from './leagues/call-context.ts';
import { resolveConnectionKeys } from './leagues/connection-keys.ts';
import { leagueRoutes, secureCookieRule } from './leagues/routes.ts';
import { mailerFor } from './mail/mailer.ts';
import { tradeRoutes } from './market/trades/routes.ts';
import { valueRoutes } from './market/values/routes.ts';
import { skipRequestLines } from './ops/logging.ts';
import { metricsPlugin, recordLimitsLocal, recordLocalLimitCount } from './ops/metrics.ts';
import { opsRoutes } from './ops/routes.ts';
import { lineupRoutes } from './tools/lineup/routes.ts';
import { myWeekRoutes } from './tools/my-week/routes.ts';
import { playerStatusRoutes } from './tools/player-status/routes.ts';
import { adpLookup } from './tools/rookie-adp/player-adp.ts';
import { rookieAdpRoutes } from './tools/rookie-adp/routes.ts';
import { rostershipRoutes } from './tools/rostership/routes.ts';

/** The built client (`vite build`), beside the built server and the sources alike. */
export const BUILT_CLIENT_DIR = join(import.meta.dirname, '../../dist/client');

/** Builds the whole app without listening, so tests can call app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // The error handler (http/errors-handler.ts) logs failures itself, so they stay whatever the share.
    logController: new LogController({ disableRequestLogging: skipRequestLines(config.logRequests) }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(deps.httpTimeouts),
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
  metricsPlugin(app, { token: config.metricsToken, trustProxy: config.trustProxy });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerClientNetwork(app, config.clientIpv6Prefix);

  await app.register(fastifyCookie, { secret: deps.cookieSecret });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://platform.twitter.com'],
        // Inline styles stay allowed (decision 019): the site's stylesheet is inlined in each page so
        // it draws with the document, and server-rendered markup carries style attributes (bars,
        // charts, dialogs' positions). Scripts, where injection runs code, allow no inline at all.
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
    // With Redis the counts are shared by every copy of the server, and kept in this process while
    // Redis fails: the limits get weaker for a while, never switched off.
    store: deps.redis
      ? sharedLimitStore({
          redis: deps.redis,
          namespace: `${config.redisPrefix}rl:`,
          log: app.log,
          report: { local: recordLimitsLocal, countedHere: recordLocalLimitCount },
        })
      : undefined,
    // Per client network (an IPv6 client's /64 by default), as every other per-address count.
    keyGenerator: (req) => req.clientNetwork,
    // The page renderer asking the API for a page's data is the server itself, not a client.
    allowList: (req) => isPageRender(req),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  registerCsrfGuard(app);
  registerNoStoreDefault(app);
  const hasRoom =
    deps.database.kind === 'pglite' && deps.database.dataDir
      ? registerDiskGuard(app, { dataDir: deps.database.dataDir, reserveBytes: config.diskReserveBytes })
      : async () => true;
  const sessionEnds = new SessionEnds({ db: deps.database.db, cache: deps.cache, hasRoom, log: app.log });
  app.decorate('sessionEnds', sessionEnds);
  app.addHook('onClose', async () => sessionEnds.stop());
  registerCurrentUser(app, deps.database.db, sessionEnds);
  registerVisitorContext(app);

  // Secure always when the site is only served over HTTPS; else per request (see the league routes).
  const secureCookies = config.env === 'production' && Boolean(config.publicUrl?.startsWith('https:'));
  // MFL drafts of a visitor's leagues feed Rookie ADP only with their consent (decision 017): one set
  // of hooks, which the league routes ask and keep and Rookie ADP reads.
  const routeDeps: AppDeps = {
    ...deps,
    connectionKeys:
      deps.connectionKeys === undefined ? (resolveConnectionKeys(config).keys ?? null) : deps.connectionKeys,
    mflSharing:
      deps.mflSharing ??
      createMflSharing({ db: deps.database.db, cache: deps.cache, secure: secureCookieRule(secureCookies) }),
    mailer: deps.mailer ?? mailerFor(config),
    playerAdp: deps.playerAdp ?? (() => adpLookup(deps.database.db)),
    adpBackground:
      deps.adpBackground ??
      createAdpBackground({
        db: deps.database.db,
        cache: deps.cache,
        config,
        limits: deps.serviceLimits,
        egress: deps.egress,
        log: app.log,
      }),
  };
  const background = routeDeps.adpBackground!;
  app.addHook('onClose', async () => background.stop());
  // The background work starts where the process asks for it (the runtime), once the server is ready.
  if (deps.backgroundWork) await app.register(adpBackgroundPlugin, { background });

  // Every route group is a plugin given the app's dependencies (the league cookies take their own).
  await app.register(
    async (api) => {
      for (const group of [
        healthRoutes,
        opsRoutes,
        accountRoutes,
        contentRoutes,
        rostershipRoutes,
        myWeekRoutes,
        playerStatusRoutes,
        lineupRoutes,
        rookieAdpRoutes,
        tradeRoutes,
        valueRoutes,
        leagueAccountRoutes,
      ])
        await api.register(group, routeDeps);
      await api.register(leagueRoutes, {
        services: deps.services,
        mflSharing: routeDeps.mflSharing,
        secureCookies,
        accounts: routeDeps,
        playersAtStart: config.playersAtStart,
        cookieSecret: deps.cookieSecret,
      });
    },
    { prefix: '/api' },
  );
  await app.register(feedRoutes, deps);
  await app.register(robotsRoutes, { origin: siteOrigin(config) });

  await registerSpa(app, {
    dir: deps.clientDir ?? BUILT_CLIENT_DIR,
    // The built renderer beside the built client, loaded with the first page; an app given its own
    // client (tests) is given its renderer too, or renders no page.
    renderer:
      deps.pageRenderer ??
      (deps.clientDir ? undefined : () => loadPageRenderer(join(import.meta.dirname, '../../dist/ssr'))),
    cache: deps.cache,
    origin: siteOrigin(config),
    providers: contentPageMeta(deps),
    clientConfig: {
      shopUrl: config.shopUrl,
      socialFeedUrl: config.socialFeedUrl,
      ...(deps.demoAccounts ? { demoAccounts: JSON.stringify(deps.demoAccounts) } : {}),
    },
    beforePage: ensureSessionHint,
    brotliAfterStart: deps.backgroundWork,
    siteMeta: {
      title: HOME_TITLE,
      description:
        'Dynasty fantasy football articles, rookie prospect profiles and tools for your MFL, Sleeper and Fleaflicker leagues.',
      type: 'website',
    },
  });
  return app;
}
