import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ESPN_MAX_LEAGUES,
  type EspnEntry,
  espnTeamUrl,
  normaliseSwid,
  parseEspnEntry,
} from '#common/espn.ts';
import { espnConnectSchema, type League, leagueCookies } from '#common/leagues.ts';
import { HttpError } from '#server/http/errors.ts';
import { isLeagueError } from '../errors.ts';
import type { EspnAuth, EspnClient } from '../espn/client.ts';
import {
  decodeEspnConnection,
  type EspnConnection,
  encodeEspnConnection,
  espnAccountOf,
} from '../espn/connection.ts';
import type { EspnLeague } from '../espn/schemas.ts';
import { clip, fromService, leaguesSchema, okSchema, type ServiceRouteKit } from './kit.ts';

/**
 * ESPN's connect (league ids or team page addresses, and a member's cookies for private leagues),
 * log-out, and the visitor's leagues. ESPN has no log-in the site could use: a public league is
 * read by its id; a private one with the member's espn_s2 and SWID cookies, which also let ESPN's
 * fan API list the member's leagues and teams.
 */
export function espnRoutes(fastify: FastifyInstance, kit: ServiceRouteKit) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { espn } = kit.services;

  app.post(
    '/espn/connect',
    { schema: { body: espnConnectSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const { body } = request;
      const entries: EspnEntry[] = [];
      for (const line of body.leagues) {
        const entry = parseEspnEntry(line);
        if (!entry)
          throw new HttpError(
            400,
            `“${clip(line, 60)}” is neither an ESPN league id nor the address of a league or team page on ESPN.`,
          );
        entries.push(entry);
      }
      const auth: EspnAuth | undefined =
        body.swid && body.espnS2 ? { swid: normaliseSwid(body.swid), espnS2: body.espnS2 } : undefined;
      const connection = await fromService('espn', reply, () => connectionOf(espn, entries, auth));
      await kit.keep(
        request,
        reply,
        {
          service: 'espn',
          account: espnAccountOf(connection),
          label: connection.label,
          credential: encodeEspnConnection(connection),
        },
        { [leagueCookies.espn]: encodeEspnConnection(connection) },
      );
      return { ok: true as const };
    },
  );

  app.post('/espn/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    kit.clear(reply, leagueCookies.espn);
    return { ok: true as const };
  });

  app.get('/espn/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) =>
    kit.leaguesOf(request, reply, 'espn', 'Connect ESPN first.', (account) =>
      leaguesOf(espn, decodeEspnConnection(account.credential)),
    ),
  );
}

/**
 * The connection the form asks for: each league read once (so that a wrong id or a private league
 * is said now, not in every tool later), and the member's team found in each. Nothing is kept
 * unless every league reads.
 */
async function connectionOf(
  espn: EspnClient,
  entries: readonly EspnEntry[],
  auth: EspnAuth | undefined,
): Promise<EspnConnection> {
  const wanted = new Map<string, string | undefined>();
  if (auth) {
    const listed = await espn.fanLeagues(auth).catch((e) => {
      if (isLeagueError(e, 'not-logged-in'))
        throw new HttpError(
          400,
          'ESPN did not accept these cookies: copy espn_s2 and SWID again from a browser signed in to espn.com.',
        );
      throw e;
    });
    for (const l of listed) wanted.set(l.league_id, l.team_id);
  }
  // A team named in the form wins over the one the fan API lists.
  for (const e of entries) wanted.set(e.league_id, e.team_id ?? wanted.get(e.league_id));
  if (wanted.size === 0)
    throw new HttpError(404, 'ESPN lists no football leagues for these cookies: add your league ids.');
  if (wanted.size > ESPN_MAX_LEAGUES)
    throw new HttpError(400, `Add at most ${ESPN_MAX_LEAGUES} ESPN leagues to one connection.`);

  const leagues: EspnConnection['leagues'] = [];
  let member: string | undefined;
  for (const [leagueId, teamId] of wanted) {
    let league: EspnLeague;
    try {
      league = await espn.league(leagueId, NAMED_TEAMS, { auth });
    } catch (e) {
      if (isLeagueError(e, 'not-found'))
        throw new HttpError(404, `ESPN has no league ${leagueId} this season.`);
      if (isLeagueError(e, 'not-logged-in'))
        throw new HttpError(
          400,
          auth
            ? `ESPN did not let these cookies read league ${leagueId}: are they of a member of it? Copy espn_s2 and SWID again.`
            : `League ${leagueId} is private on ESPN: add your espn_s2 and SWID cookies to read it.`,
        );
      throw e;
    }
    const team = teamOf(league, teamId, auth);
    if (!team)
      throw new HttpError(
        400,
        teamId
          ? `League ${leagueId} has no team ${teamId} on ESPN.`
          : `Which team is yours in ${leagueName(league)}? Paste the address of your team's page on ESPN (it has teamId=…), or add your ESPN cookies.`,
      );
    leagues.push({ league_id: leagueId, team_id: team });
    if (auth) member ??= league.members?.find((m) => normaliseSwid(m.id) === auth.swid)?.displayName;
  }
  const count = `${leagues.length} league${leagues.length === 1 ? '' : 's'}`;
  const label = clip(member ? `${member} · ${count}` : count, 200);
  return { auth, leagues, label };
}

/** The member's team: the one the form named (if the league has it), else the one the cookies own. */
function teamOf(league: EspnLeague, teamId: string | undefined, auth: EspnAuth | undefined) {
  const teams = league.teams ?? [];
  if (teamId) return teams.some((t) => String(t.id) === teamId) ? teamId : undefined;
  if (!auth) return undefined;
  const mine = teams.find((t) =>
    [t.primaryOwner, ...(t.owners ?? [])].some((o) => o && normaliseSwid(o) === auth.swid),
  );
  return mine ? String(mine.id) : undefined;
}

/** The league's teams (mTeam) and its name, which only its settings carry (mSettings). */
const NAMED_TEAMS = ['mTeam', 'mSettings'] as const;

const leagueName = (league: EspnLeague) => league.settings?.name ?? `league ${league.id}`;

/**
 * The connection's leagues, named as ESPN names them. A league that cannot be read now is still
 * listed (by its id): the tools then say why it fails. When none can be read, the first failure is
 * the answer (expired cookies ask to connect again).
 */
async function leaguesOf(espn: EspnClient, c: EspnConnection): Promise<League[]> {
  // The kit's leaguesOf turns the failure that is the answer into the visitor's words (fromService).
  const read = await Promise.allSettled(
    c.leagues.map((l) => espn.league(l.league_id, NAMED_TEAMS, { auth: c.auth })),
  );
  if (read.length > 0 && read.every((r) => r.status === 'rejected'))
    throw (read[0] as PromiseRejectedResult).reason;
  return c.leagues.map((l, i) => {
    const r = read[i];
    return {
      league_id: l.league_id,
      name: clip(r?.status === 'fulfilled' ? leagueName(r.value) : `ESPN league ${l.league_id}`, 200),
      url: espnTeamUrl(l.league_id, l.team_id),
      type: 'espn',
      team_id: l.team_id,
    };
  });
}
