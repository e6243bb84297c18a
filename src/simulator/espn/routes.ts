/**
 * ESPN's fantasy football read API under /espn (lm-api-reads.fantasy.espn.com: league views, player
 * lists, the NFL schedule) and its fan API under /espn-fan (fan.api.espn.com: a member's leagues).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimState } from '../control.ts';
import { readCookie } from '../mfl/auth.ts';
import type { Account, League } from '../world/league.ts';
import { WEEKS } from '../world/schedule.ts';
import type { World } from '../world/world.ts';
import {
  bareLeague,
  espnCtx,
  leagueBase,
  members,
  rosterEntries,
  settingsFull,
  teamNames,
  teamsFull,
} from './format.ts';
import { playerInfo, readFilter } from './players.ts';
import { proSchedule } from './schedule.ts';

type Query = Record<string, string | string[] | undefined>;

/** ESPN's error envelope, as recorded (details first, then messages). */
function errorBody(type: string, message: string) {
  return {
    details: [{ message, metaData: null, resolution: null, shortMessage: message, type }],
    messages: [message],
  };
}

const NOT_FOUND = errorBody('GENERAL_NOT_FOUND', 'Not Found');
const NOT_VISIBLE = errorBody('AUTH_LEAGUE_NOT_VISIBLE', 'You are not authorized to view this League.');
const LIMIT_WITHOUT_SORT = errorBody(
  'FILTER_LIMIT_MISSING_SORT',
  'Filter: Limit request must be accompanied by a sort',
);
const BAD_FILTER = errorBody('FILTER_INVALID', 'Filter: could not be read');

const values = (q: Query, name: string): string[] => {
  const v = q[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

/** ESPN writes a SWID as an upper-case GUID in braces. */
export const normaliseSwid = (swid: string) =>
  `{${swid
    .trim()
    .replace(/^\{|\}$/g, '')
    .toUpperCase()}}`;

const decoded = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/** The member whose SWID and espn_s2 cookies came with the request (none after an 'expired-cookie' fault). */
function fanOf(world: World, req: FastifyRequest): Account | undefined {
  if ((req as FastifyRequest & { simExpired?: boolean }).simExpired) return undefined;
  const swid = readCookie(req.headers.cookie, 'SWID');
  const s2 = readCookie(req.headers.cookie, 'espn_s2');
  if (!swid || !s2) return undefined;
  const a = world.account('espn', normaliseSwid(swid));
  return a?.espnS2 && decoded(a.espnS2) === decoded(s2) ? a : undefined;
}

export function registerEspn(app: FastifyInstance, world: World, state: SimState) {
  const base = '/espn/apis/v3/games/:game/seasons/:season';
  const send = (reply: FastifyReply, body: unknown, status = 200) =>
    reply.code(status).type('application/json;charset=UTF-8').send(JSON.stringify(body));
  const rightSeason = (p: { game: string; season: string }) =>
    p.game.toLowerCase() === 'ffl' && p.season === String(world.season);

  app.get<{ Params: { game: string; season: string }; Querystring: Query }>(base, async (req, reply) => {
    if (!rightSeason(req.params)) return send(reply, NOT_FOUND, 404);
    return send(reply, proSchedule(world, state.now()));
  });

  app.get<{
    Params: { game: string; season: string; segment: string; league: string };
    Querystring: Query;
  }>(`${base}/segments/:segment/leagues/:league`, async (req, reply) => {
    const { params, query } = req;
    const l = rightSeason(params) && params.segment === '0' ? world.league('espn', params.league) : undefined;
    if (!l) return send(reply, NOT_FOUND, 404);
    if (!l.isPublic) {
      const fan = fanOf(world, req);
      if (!fan || !world.teamOf(l, fan)) return send(reply, NOT_VISIBLE, 401);
    }
    const ctx = espnCtx(world, state.now());
    const asked = Number.parseInt(values(query, 'scoringPeriodId').at(-1) ?? '', 10);
    const week = asked >= 1 && asked <= WEEKS ? asked : ctx.current;
    const views = new Set(values(query, 'view').flatMap((v) => v.split(',')));
    if (views.has('kona_player_info')) {
      const filter = readFilter(req.headers['x-fantasy-filter']);
      if (filter === 'FILTER_LIMIT_MISSING_SORT') return send(reply, LIMIT_WITHOUT_SORT, 400);
      if (filter === 'FILTER_INVALID') return send(reply, BAD_FILTER, 400);
      return send(reply, playerInfo(ctx, l, week, filter));
    }
    return send(reply, leagueDocument(ctx, l, views, week));
  });

  // The fan API: the member's fantasy entries with the league of each.
  app.get<{ Params: { swid: string } }>('/espn-fan/apis/v2/fans/:swid', async (req, reply) => {
    const swid = normaliseSwid(decoded(req.params.swid));
    const account = world.account('espn', swid);
    if (!account) return send(reply, { message: 'fan not found' }, 404);
    const fan = fanOf(world, req);
    if (fan !== account) return send(reply, { message: 'not authorized' }, 401);
    return send(reply, fanDocument(world, account));
  });
}

/** The league with the views asked for; no view at all gives ESPN's bare league. */
function leagueDocument(ctx: ReturnType<typeof espnCtx>, l: League, views: Set<string>, week: number) {
  const wantsTeam = views.has('mTeam');
  const wantsRoster = views.has('mRoster');
  const wantsSettings = views.has('mSettings');
  if (!wantsTeam && !wantsRoster && !wantsSettings) {
    // Views the simulator does not serve still answer the common fields, as ESPN does for unknown views.
    return views.size === 0 ? bareLeague(ctx, l) : leagueBase(ctx, l);
  }
  const doc: Record<string, unknown> = leagueBase(ctx, l);
  if (wantsTeam) doc.members = members(ctx, l);
  if (wantsSettings) doc.settings = settingsFull(ctx, l);
  if (wantsTeam || wantsRoster) {
    const full = wantsTeam ? teamsFull(ctx, l) : undefined;
    doc.teams = l.teams.map((t, i) => ({
      ...(full ? full[i] : { id: Number(t.id) }),
      ...(wantsRoster ? { roster: { entries: rosterEntries(ctx, l, t, week) } } : {}),
    }));
  }
  return doc;
}

/** The fan document: one fantasy football entry per league the member plays in this season. */
function fanDocument(world: World, account: Account) {
  return {
    id: account.userId,
    preferences: world.leaguesOf(account).map((l) => {
      const i = l.teams.findIndex((t) => t.ownerKey === account.key);
      const names = teamNames(l)[i];
      return {
        id: `${l.id}:${l.teams[i].id}`,
        typeId: 9,
        metaData: {
          entry: {
            abbrev: 'FFL',
            entryId: Number(l.teams[i].id),
            entryLocation: names.location,
            entryNickname: names.nickname,
            entryAbbrev: names.abbrev,
            seasonId: world.season,
            gameId: 1,
            groups: [{ groupId: Number(l.id), groupName: l.name, groupManager: i === 0 }],
          },
        },
      };
    }),
  };
}
