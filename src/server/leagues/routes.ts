import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Connections, connectionsSchema, type LeagueType, leagueCookies } from '#common/leagues.ts';
import { afterStart } from '../http/after-start.ts';
import { espnRoutes } from './connect/espn.ts';
import { fleaRoutes } from './connect/flea.ts';
import { type MflSharingHooks, serviceRouteKit } from './connect/kit.ts';
import { mflRoutes } from './connect/mfl.ts';
import { sleeperRoutes } from './connect/sleeper.ts';
import { playerRoutes } from './player-routes.ts';
import type { LeagueServices } from './services.ts';
import {
  cookieAccounts,
  maskEmail,
  onSiteAccount,
  type VisitorAccountsDeps,
  visitorAccounts,
} from './visitor-accounts.ts';

export interface LeagueRoutesOptions {
  services: LeagueServices;
  /** Secure on every cookie; otherwise Secure whenever the request came over HTTPS. */
  secureCookies: boolean;
  /** The app's one set of sharing hooks; without it, no one is asked and no one shares. */
  mflSharing?: MflSharingHooks;
  /** Where signed-in users' connections are kept (decision 022): the database and the key. */
  accounts: VisitorAccountsDeps;
  /** Build the player list when the server is ready (in the background), for the site search. */
  playersAtStart?: boolean;
  /** The server's secret, which known browsers' cookies are made with (decision 032). */
  cookieSecret: string;
}

/**
 * When a cookie must be Secure: always with `secureCookies` (the site is only served over HTTPS),
 * else whenever the request came over HTTPS (behind a trusted proxy, its X-Forwarded-Proto), so a
 * credential never travels back in the clear.
 */
export const secureCookieRule =
  (secureCookies: boolean) =>
  (request: FastifyRequest): boolean =>
    secureCookies || request.protocol === 'https';

/**
 * The league services' routes: each service's connect, log-out and leagues (connect/: one file a
 * service), which services the visitor is connected to, and the merged player list.
 */
export const leagueRoutes: FastifyPluginAsync<LeagueRoutesOptions> = async (fastify, opts) => {
  const { services, accounts } = opts;
  // After the server is ready, not before: the start and its first answers never wait on the services.
  if (opts.playersAtStart) afterStart(fastify, () => services.players.warm());
  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(cookie);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sharing = opts.mflSharing;
  const kit = serviceRouteKit(services, accounts, secureCookieRule(opts.secureCookies), sharing);

  mflRoutes(fastify, kit, opts.cookieSecret);
  sleeperRoutes(fastify, kit);
  fleaRoutes(fastify, kit);
  espnRoutes(fastify, kit);

  app.get(
    '/connections',
    { schema: { response: { 200: connectionsSchema } } },
    async (request): Promise<Connections> => {
      if (onSiteAccount(request, accounts)) {
        const mine = await visitorAccounts(request, accounts);
        const of = (service: LeagueType) =>
          mine.filter((a) => a.service === service).map((a) => ({ id: a.accountId ?? '', label: a.label }));
        const [mfl, sleeper, flea, espn] = [of('mfl'), of('sleeper'), of('flea'), of('espn')];
        return {
          mfl: {
            connected: mfl.length > 0,
            sharesDrafts: Boolean(await sharing?.contributor(request)),
            accounts: mfl,
          },
          sleeper: { connected: sleeper.length > 0, username: sleeper[0]?.label, accounts: sleeper },
          flea: { connected: flea.length > 0, email: flea[0]?.label, accounts: flea },
          espn: { connected: espn.length > 0, label: espn[0]?.label, accounts: espn },
          onAccount: true,
        };
      }
      const c = request.cookies;
      const sleeperId = c[leagueCookies.sleeperId];
      const email = c[leagueCookies.flea];
      const mfl = Boolean(c[leagueCookies.mfl]);
      const espn = cookieAccounts(c).find((a) => a.service === 'espn');
      return {
        mfl: {
          connected: mfl,
          sharesDrafts: Boolean(await sharing?.contributor(request)),
          username: mfl ? c[leagueCookies.mflName] || undefined : undefined,
        },
        sleeper: {
          connected: Boolean(sleeperId),
          username: sleeperId ? c[leagueCookies.sleeperName] || undefined : undefined,
        },
        flea: { connected: Boolean(email), email: email ? maskEmail(email) : undefined },
        espn: { connected: Boolean(espn), label: espn?.label },
      };
    },
  );

  playerRoutes(fastify, services, accounts, opts.playersAtStart);
};
