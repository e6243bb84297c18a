import { createHash } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Connections,
  connectionsSchema,
  fleaConnectSchema,
  type League,
  type LeagueType,
  leagueCookies,
  leagueSchema,
  mflLoginSchema,
  mflSharingAnswerSchema,
  mflSharingSchema,
  type PlayerFind,
  type PlayerList,
  playerFindQuerySchema,
  playerFindSchema,
  sleeperConnectSchema,
} from '#common/leagues.ts';
import { type SearchablePlayer, searchable, searchPlayers } from '#common/player-search.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { guessingLimit, minutes } from '../http/guessing-limit.ts';
import { type KnownBrowsers, knownBrowsers } from '../http/known-browsers.ts';
import { saveConnection } from './connection-store.ts';
import { isLeagueError, leagueError } from './errors.ts';
import type { PlayerIdentity } from './players.ts';
import type { LeagueServices } from './services.ts';
import {
  maskEmail,
  mflSessionEnded,
  noteUse,
  onSiteAccount,
  type VisitorAccount,
  type VisitorAccountsDeps,
  visitorAccounts,
} from './visitor-accounts.ts';

/** The visitor's choice to share their MFL leagues' rookie drafts (tools/rookie-adp/consent.ts). */
export interface MflSharingHooks {
  contributor(request: FastifyRequest): Promise<string | undefined>;
  choose(
    request: FastifyRequest,
    reply: FastifyReply,
    choice: { share: boolean; username: string },
  ): Promise<void>;
  stop(request: FastifyRequest, reply: FastifyReply): Promise<{ leagues: number; drafts: number }>;
  /** A deleted account's consent: what only it shared goes, whatever its choice was. */
  forgetUser(userId: number): Promise<{ leagues: number; drafts: number }>;
}

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

const okSchema = z.object({ ok: z.literal(true) });
const leaguesSchema = z.array(leagueSchema);
const thirtyDays = 30 * 24 * 60 * 60;
/** Players the site search shows at most. */
const FOUND_PLAYERS = 8;

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

export { maskEmail };

/**
 * Runs a call to a league service. Errors already meant for the visitor pass through (a 503 also
 * says when to retry); anything else (an answer shaped in a way no one foresaw) becomes the
 * service's "could not read" 502 instead of a 500.
 */
async function fromService<T>(service: LeagueType, reply: FastifyReply, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (isLeagueError(e) && e.retryAfterMs !== undefined) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))));
    }
    if (e instanceof HttpError) throw e;
    reply.log.error({ err: e, service }, 'league service answer not understood');
    throw leagueError(service, 'unreadable');
  }
}

/** Wrong MFL passwords allowed per client network in the window, before log-ins from it get 429. */
export const MFL_LOGIN_FAILURES = 10;
/** Wrong passwords for one MFL user name in the window, per known browser and for all others together. */
export const MFL_LOGIN_FAILURES_PER_USER = 10;
const MFL_LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** What a browser that logged in to MFL through the site has proven. */
const mflSubject = (username: string) => `mfl:${username.trim().toLowerCase()}`;

/**
 * Wrong MFL passwords counted per client network (an IPv4 address, an IPv6 /64) and per MFL user
 * name, in the rate-limit plugin's store (with Redis every server copy shares the counts), so the
 * MFL login cannot be used to guess passwords: not from one network, however many addresses it
 * rotates through, nor at one user name from many networks (decision 032: a browser that has logged
 * in to the user name here before has its own count, every other client shares one). Only MFL's
 * refusals count: a visitor who logs in fine, or meets MFL down, is never held back.
 */
function mflLoginLimit(fastify: FastifyInstance, known: KnownBrowsers) {
  const perNetwork = fastify.createRateLimit({
    max: MFL_LOGIN_FAILURES,
    timeWindow: MFL_LOGIN_FAILURE_WINDOW_MS,
    keyGenerator: (req) => `mfl-login-failures:${req.clientNetwork}`,
  });
  const perUser = guessingLimit(fastify, {
    name: 'mfl-login-user-failures',
    max: MFL_LOGIN_FAILURES_PER_USER,
    windowMs: MFL_LOGIN_FAILURE_WINDOW_MS,
    refusal: (n, knownBrowser) =>
      knownBrowser
        ? `Too many wrong passwords for this MFL user name. Please wait ${minutes(n)} and try again.`
        : `Too many wrong passwords for this MFL user name. Please wait ${minutes(n)}, or use a browser you have logged in to MFL with here before.`,
  });
  const guess = (req: FastifyRequest) => {
    const { username } = req.body as { username: string };
    return { subject: username, knownBrowser: known.known(req, mflSubject(username)) };
  };
  return {
    async check(req: FastifyRequest, reply: FastifyReply) {
      const state = await perNetwork(req, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(state.ttl / 1000))));
        throw new HttpError(
          429,
          `Too many wrong MFL passwords from your address. Please wait ${minutes(Math.max(1, Math.ceil(state.ttl / 60_000)))} and try again.`,
        );
      }
      await perUser.check(req, guess(req));
    },
    async record(req: FastifyRequest) {
      await perNetwork(req);
      await perUser.recordFailure(req, guess(req));
    },
    remember(req: FastifyRequest, reply: FastifyReply) {
      known.remember(req, reply, mflSubject((req.body as { username: string }).username));
    },
  };
}

export const leagueRoutes: FastifyPluginAsync<LeagueRoutesOptions> = async (fastify, opts) => {
  const { services } = opts;
  // Once the server is ready, not before: the start and /api/health never wait on the services.
  if (opts.playersAtStart) fastify.addHook('onReady', async () => services.players.warm());
  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(cookie);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // As the session cookie: Secure whenever the request came over HTTPS.
  const secure = secureCookieRule(opts.secureCookies);
  const cookieOptions = (request: FastifyRequest): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(request),
    maxAge: thirtyDays,
  });
  const clear = (reply: FastifyReply, ...names: string[]) => {
    for (const name of names)
      reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(reply.request) });
  };

  // --- MFL -------------------------------------------------------------------------------------

  const mflLoginFailures = fastify.hasDecorator('createRateLimit')
    ? mflLoginLimit(fastify, knownBrowsers(opts.cookieSecret))
    : undefined;
  const sharing = opts.mflSharing;
  const { accounts } = opts;

  /**
   * Keeps a new connection: on the signed-in user's site account (when the server keeps them), else
   * in this browser's cookies as it always was.
   */
  async function keep(
    request: FastifyRequest,
    reply: FastifyReply,
    c: { service: LeagueType; account: string; label: string; credential: string },
    cookies: Record<string, string>,
  ) {
    const user = request.user;
    if (user && accounts.connectionKeys && onSiteAccount(request, accounts)) {
      await saveConnection(accounts.database.db, accounts.connectionKeys, { userId: user.id, ...c });
      return;
    }
    for (const [name, value] of Object.entries(cookies)) reply.setCookie(name, value, cookieOptions(request));
  }

  /**
   * The visitor's accounts of the service in use, each listed at once. One account's failure fails
   * the list when it is the only one; with several, the others' leagues are still listed.
   */
  async function leaguesOf<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    service: LeagueType,
    notConnected: string,
    list: (account: VisitorAccount) => Promise<T[]>,
  ): Promise<{ account: VisitorAccount; leagues: T[] }[]> {
    const mine = (await visitorAccounts(request, accounts)).filter((a) => a.service === service);
    if (mine.length === 0) throw unauthorized(notConnected);
    await noteUse(request, accounts, mine);
    const read = await Promise.allSettled(
      mine.map(async (account) => ({
        account,
        leagues: await fromService(service, reply, () => list(account)),
      })),
    );
    const listed = read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (listed.length === 0) throw (read[0] as PromiseRejectedResult).reason;
    return listed;
  }

  /** The account's leagues, each marked with the saved account it came from (none for a cookie). */
  const fromAccounts = (lists: { account: VisitorAccount; leagues: League[] }[]): League[] => {
    const seen = new Set<string>();
    return lists.flatMap(({ account, leagues }) =>
      leagues.flatMap((l) => {
        // A league two of the visitor's accounts are in is listed once, under the first.
        if (seen.has(l.league_id)) return [];
        seen.add(l.league_id);
        return [
          account.accountId
            ? { ...l, account: account.accountId, account_label: clip(account.label, 200) }
            : l,
        ];
      }),
    );
  };

  app.post(
    '/mfl/login',
    { schema: { body: mflLoginSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const { username, password, shareDrafts } = request.body;
      await mflLoginFailures?.check(request, reply);
      const value = await fromService('mfl', reply, async () => {
        try {
          return await services.mfl.login(username, password);
        } catch (e) {
          if (isLeagueError(e, 'rejected')) await mflLoginFailures?.record(request);
          throw e;
        }
      });
      mflLoginFailures?.remember(request, reply);
      await keep(
        request,
        reply,
        { service: 'mfl', account: username, label: clip(username, 100), credential: value },
        { [leagueCookies.mfl]: value, [leagueCookies.mflName]: clip(username, 100) },
      );
      await sharing?.choose(request, reply, { share: shareDrafts === true, username });
      return { ok: true as const };
    },
  );

  app.post('/mfl/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    clear(reply, leagueCookies.mfl, leagueCookies.mflName);
    return { ok: true as const };
  });

  app.get('/mfl/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) => {
    const lists = await leaguesOf(request, reply, 'mfl', 'Log in to MFL first.', async (account) => {
      try {
        const year = services.mfl.seasonYear();
        const current = await services.mfl.myLeagues(account.credential, year);
        // Before a league renews for the new season it is only listed under the last one.
        const leagues =
          current.length > 0 ? current : await services.mfl.myLeagues(account.credential, year - 1);
        return leagues.map(
          (l): League => ({
            league_id: clip(l.league_id, 64),
            name: clip(l.name, 200),
            url: clip(l.url, 500),
            type: 'mfl',
            franchise_id: l.franchise_id ? clip(l.franchise_id, 16) : undefined,
          }),
        );
      } catch (e) {
        if (isLeagueError(e, 'not-logged-in'))
          throw await mflSessionEnded(request, accounts, account, () =>
            clear(reply, leagueCookies.mfl, leagueCookies.mflName),
          );
        throw e;
      }
    });
    return fromAccounts(lists);
  });

  // Stops sharing the visitor's MFL drafts with Rookie ADP, whether MFL is connected or not (the
  // page offers it beside the MFL connection).
  app.post(
    '/mfl/sharing',
    { schema: { body: mflSharingSchema, response: { 200: mflSharingAnswerSchema } } },
    async (request, reply) => {
      const removed = sharing ? await sharing.stop(request, reply) : { drafts: 0 };
      return { sharesDrafts: false as const, removedDrafts: removed.drafts };
    },
  );

  // --- Sleeper ---------------------------------------------------------------------------------

  app.post(
    '/sleeper/connect',
    { schema: { body: sleeperConnectSchema, response: { 200: okSchema.extend({ username: z.string() }) } } },
    async (request, reply) => {
      const user = await fromService('sleeper', reply, () => services.sleeper.user(request.body.username));
      const username = user.username || user.display_name || request.body.username;
      await keep(
        request,
        reply,
        { service: 'sleeper', account: user.user_id, label: clip(username, 100), credential: user.user_id },
        { [leagueCookies.sleeperId]: user.user_id, [leagueCookies.sleeperName]: username },
      );
      return { ok: true as const, username };
    },
  );

  app.post('/sleeper/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    clear(reply, leagueCookies.sleeperId, leagueCookies.sleeperName);
    return { ok: true as const };
  });

  app.get('/sleeper/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) => {
    const season = () =>
      services.sleeper
        .state()
        .then((s) => s.league_season || s.season)
        .catch(() => String(new Date().getUTCFullYear()));
    const lists = await leaguesOf(
      request,
      reply,
      'sleeper',
      'Connect your Sleeper account first.',
      async (account) => {
        const leagues = await services.sleeper.userLeagues(account.credential, await season());
        return leagues.map(
          (l): League => ({
            league_id: clip(l.league_id, 64),
            name: clip(l.name, 200),
            url: `https://sleeper.com/leagues/${encodeURIComponent(l.league_id)}`,
            type: 'sleeper',
          }),
        );
      },
    );
    return fromAccounts(lists);
  });

  // --- Fleaflicker -----------------------------------------------------------------------------

  app.post(
    '/flea/connect',
    { schema: { body: fleaConnectSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const leagues = await fromService('flea', reply, () => services.flea.userLeagues(email));
      if (leagues.length === 0)
        throw new HttpError(404, 'Fleaflicker has no leagues for that e-mail address.');
      await keep(
        request,
        reply,
        { service: 'flea', account: email, label: maskEmail(email), credential: email },
        { [leagueCookies.flea]: email },
      );
      return { ok: true as const };
    },
  );

  app.post('/flea/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    clear(reply, leagueCookies.flea);
    return { ok: true as const };
  });

  app.get('/flea/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) => {
    const lists = await leaguesOf(
      request,
      reply,
      'flea',
      'Connect your Fleaflicker account first.',
      async (account) =>
        (await services.flea.userLeagues(account.credential)).map(
          (l): League => ({
            league_id: String(l.id),
            name: clip(l.name, 200),
            url: `https://www.fleaflicker.com/nfl/leagues/${l.id}`,
            type: 'flea',
            team_id: l.ownedTeam ? String(l.ownedTeam.id) : undefined,
          }),
        ),
    );
    return fromAccounts(lists);
  });

  // --- Shared ----------------------------------------------------------------------------------

  app.get(
    '/connections',
    { schema: { response: { 200: connectionsSchema } } },
    async (request): Promise<Connections> => {
      if (onSiteAccount(request, accounts)) {
        const mine = await visitorAccounts(request, accounts);
        const of = (service: LeagueType) =>
          mine.filter((a) => a.service === service).map((a) => ({ id: a.accountId ?? '', label: a.label }));
        const [mfl, sleeper, flea] = [of('mfl'), of('sleeper'), of('flea')];
        return {
          mfl: {
            connected: mfl.length > 0,
            sharesDrafts: Boolean(await sharing?.contributor(request)),
            accounts: mfl,
          },
          sleeper: { connected: sleeper.length > 0, username: sleeper[0]?.label, accounts: sleeper },
          flea: { connected: flea.length > 0, email: flea[0]?.label, accounts: flea },
          onAccount: true,
        };
      }
      const c = request.cookies;
      const sleeperId = c[leagueCookies.sleeperId];
      const email = c[leagueCookies.flea];
      const mfl = Boolean(c[leagueCookies.mfl]);
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
      };
    },
  );

  // The list backs a type-ahead: serialised once per list, then sent as is with an ETag. A list
  // that lacks a service's players (`missing`) is kept briefly, as the server keeps it.
  const serialised = new WeakMap<PlayerIdentity[], { body: string; etag: string }>();
  app.get('/players', async (request, reply) => {
    // A visitor connected to Fleaflicker lends a league of theirs to its listing, should it be needed.
    const email = (await visitorAccounts(request, accounts)).find((a) => a.service === 'flea')?.credential;
    const fleaLeague = email
      ? async () => (await services.flea.userLeagues(email))[0]?.id?.toString()
      : undefined;
    const { players, missing } = await fromService('mfl', reply, () =>
      services.players.listing({ fleaLeague }),
    );
    let entry = serialised.get(players);
    if (!entry) {
      const body = JSON.stringify({ players, missing } satisfies PlayerList);
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      serialised.set(players, entry);
    }
    reply
      .header('cache-control', `public, max-age=${missing.length > 0 ? 60 : 3600}`)
      .header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  });

  // The site search's players: from the list this server already holds, never waiting for a build of
  // it (that costs calls to the three services). Where the server loads the list at its start, a
  // search that finds none held has it loaded again in the background. A term under three letters
  // would match half the league.
  const searchableLists = new WeakMap<PlayerIdentity[], SearchablePlayer[]>();
  app.get(
    '/players/find',
    { schema: { querystring: playerFindQuerySchema, response: { 200: playerFindSchema } } },
    async (request): Promise<PlayerFind> => {
      const players = await services.players.cached();
      if (!players) {
        if (opts.playersAtStart) services.players.warm();
        return { players: [], listed: false, loading: services.players.loading() };
      }
      let list = searchableLists.get(players);
      if (!list) {
        list = searchable(players);
        searchableLists.set(players, list);
      }
      const term = request.query.search.trim();
      const found = term.replace(/\W/g, '').length < 3 ? [] : searchPlayers(list, term, FOUND_PLAYERS);
      return {
        players: found.map(({ key: _key, words: _words, ...player }) => player),
        listed: true,
        loading: false,
      };
    },
  );
};
