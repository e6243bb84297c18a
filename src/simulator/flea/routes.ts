/** Fleaflicker's API under /flea/api: user leagues, rosters, rules, player listing and one team's roster. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimState } from '../control.ts';
import type { League, LeagueTeam } from '../world/leagues.ts';
import type { Player } from '../world/players.ts';
import { standings } from '../world/results.ts';
import { gameState } from '../world/schedule.ts';
import type { World } from '../world/world.ts';
import {
  ALL_ELIGIBILITY,
  benchCount,
  colors,
  displayGroup,
  eligibilityOf,
  fleaPosition,
  initials,
  num,
  positionFromFilter,
  proPlayer,
  rankJson,
  rosterPositions,
  teamJson,
} from './format.ts';

const PAGE = 30;
/** Fleaflicker's rule templates use `${name}` placeholders of their own. */
const tpl = (text: string) => text.replace(/%(\w+)/g, (_, name: string) => `$\{${name}}`);
type Query = Record<string, string | string[] | undefined>;

function all(q: Query, ...names: string[]): string[] {
  return names.flatMap((n) => {
    const v = q[n];
    return v === undefined ? [] : Array.isArray(v) ? v : String(v).split(',');
  });
}

function one(q: Query, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

export function registerFlea(app: FastifyInstance, world: World, state: SimState) {
  const base = '/flea/api';
  const week = () => world.calendar.defaultWeek(state.now());
  const bye = (p: Player) => (p.team === 'FA' ? 0 : world.calendar.byeWeek(p.team));
  const pro = (p: Player, externalIds: boolean) =>
    proPlayer(p, { week: week(), byeWeek: bye(p), externalIds });
  const send = (reply: FastifyReply, body: unknown, status = 200) =>
    reply.code(status).type('application/json;charset=utf-8').send(JSON.stringify(body));
  // Not recorded: an unknown league is answered 404 with a JSON message.
  const noLeague = (reply: FastifyReply) => send(reply, { error: 'League not found' }, 404);
  const leagueOf = (q: Query) => world.league('flea', one(q, 'league_id') ?? '');
  const draftPosition = (l: League, ti: number) =>
    l.draft.picks.find((p) => p.round === 1 && p.team === ti)?.pick ?? ti + 1;
  const teamBodies = (l: League) => {
    const table = standings(world, l, state.now());
    const order = table
      .map((s, i) => ({ s, i }))
      .sort((a, b) => b.s.wins - a.s.wins || b.s.pointsFor - a.s.pointsFor);
    const rank = new Map(order.map((x, r) => [x.i, r + 1]));
    return l.teams.map((t, i) =>
      teamJson(t, table[i], table[i].wins + table[i].losses ? rank.get(i)! : 0, draftPosition(l, i)),
    );
  };
  const locked = (p: Player) => {
    const g = world.scoring.game(p, week());
    return !!g && g.kickoff * 1000 <= state.now();
  };
  const periodStart = (w: number) => String(world.calendar.weeks[w - 1].startsAt);
  const rosterEntry = (p: Player, externalIds: boolean) => ({
    proPlayer: pro(p, externalIds),
    transactionStatus: locked(p) ? { locked: {}, isLineupStatusLocked: true } : {},
    requestedGamesPeriod: { ordinal: week(), startEpochMilli: periodStart(week()) },
    viewingFormat: 'TOTAL',
    viewingRange: { low: -1, high: -2 },
    displayGroup: displayGroup(p),
    lastX: [{ duration: 1 }, { duration: 3 }, { duration: 5 }],
  });

  // Unknown e-mail: Fleaflicker's protobuf-style JSON leaves an empty list out, so the answer is only the season.
  app.get<{ Querystring: Query }>(`${base}/FetchUserLeagues`, async (req, reply) => {
    const a = world.account('flea', (one(req.query, 'email') ?? '').toLowerCase());
    const season = Number(one(req.query, 'season') ?? world.season);
    const leagues = a && season === world.season ? world.leaguesOf(a) : [];
    const body: Record<string, unknown> = {};
    if (leagues.length) {
      body.leagues = leagues.map((l) => {
        const ti = l.teams.findIndex((t) => t.ownerKey === a!.key);
        const positions = rosterPositions(l);
        return {
          id: Number(l.id),
          name: l.name,
          logoUrl: `https://s3.amazonaws.com/fleaflicker/l${l.id}_0_150x150.jpg`,
          ownedTeam: teamBodies(l)[ti],
          activeForCurrentSeason: true,
          membershipType: 'MEMBER',
          rosterRequirements: {
            positions,
            rosterSize: l.rosterSize,
            starterCount: l.slots.length,
            benchCount: benchCount(l),
            reserveCount: l.irSlots + l.taxiSlots,
            eligibility: [...new Set(l.slots.flatMap(eligibilityOf))],
          },
          waiverType: 'BLIND_BID',
          maxKeepers: l.rosterSize,
          defaultWaiverBudget: 100,
          size: l.teams.length,
          capacity: l.teams.length,
          initials: initials(l.name),
          description: `${l.teams.length}-Team Dynasty`,
          chatChannel: `/chats/NFL/leagues/${l.id}/all`,
          draftSecondsPerSelection: 90,
          draftSnakeAt: -1,
        };
      });
    }
    body.season = season;
    return send(reply, body);
  });

  app.get<{ Querystring: Query }>(`${base}/FetchLeagueRosters`, async (req, reply) => {
    const l = leagueOf(req.query);
    if (!l) return noLeague(reply);
    const ext = (one(req.query, 'external_id_type') ?? '').toUpperCase() === 'SPORTRADAR';
    const teams = teamBodies(l);
    return send(reply, {
      rosters: l.teams.map((t, i) => ({
        team: teams[i],
        players: t.players.map((x) => rosterEntry(world.players[x], ext)),
      })),
    });
  });

  app.get<{ Querystring: Query }>(`${base}/FetchLeagueRules`, async (req, reply) => {
    const l = leagueOf(req.query);
    if (!l) return noLeague(reply);
    const cat = (id: number, abbreviation: string, nameSingular: string, namePlural: string) => ({
      id,
      abbreviation,
      nameSingular,
      namePlural,
    });
    const applyTo = [...new Set(l.slots.flatMap(eligibilityOf))];
    const rule = (category: ReturnType<typeof cat>, points: number, forEvery: number) => ({
      category,
      points: num(points, String(points)),
      forEvery,
      description:
        forEvery === 1
          ? `${points} point${Math.abs(points) === 1 ? '' : 's'} for every ${category.nameSingular}`
          : `${points} point for every ${forEvery} ${category.namePlural}`,
      applyTo,
      applyToAll: true,
      template:
        forEvery === 1
          ? tpl('%points points for every %categorySingular')
          : tpl('%points point for every %forEvery %categoryPlural'),
    });
    const passing = [
      cat(3, 'Yd', 'Passing Yard', 'Passing Yards'),
      cat(5, 'TD', 'Passing TD', 'Passing TDs'),
      cat(7, 'INT', 'Interception', 'Interceptions'),
    ];
    const rushing = [
      cat(22, 'Yd', 'Rushing Yard', 'Rushing Yards'),
      cat(23, 'TD', 'Rushing TD', 'Rushing TDs'),
    ];
    const receiving = [
      cat(41, 'Rec', 'Catch', 'Catches'),
      cat(42, 'Yd', 'Receiving Yard', 'Receiving Yards'),
      cat(43, 'TD', 'Receiving TD', 'Receiving TDs'),
    ];
    const receivingRules = [rule(receiving[1], 1, 10), rule(receiving[2], 6, 1)];
    if (l.format.ppr) receivingRules.unshift(rule(receiving[0], l.format.ppr, 1));
    return send(reply, {
      rosterPositions: rosterPositions(l),
      numStarters: l.slots.length,
      numBench: benchCount(l),
      maxActive: l.rosterSize,
      maxRosterSize: l.rosterSize + l.taxiSlots + l.irSlots,
      groups: [
        {
          label: 'Passing',
          scoringRules: [rule(passing[0], 1, 25), rule(passing[1], 4, 1), rule(passing[2], -2, 1)],
          allCategories: passing,
        },
        {
          label: 'Rushing',
          scoringRules: [rule(rushing[0], 1, 10), rule(rushing[1], 6, 1)],
          allCategories: rushing,
        },
        { label: 'Receiving', scoringRules: receivingRules, allCategories: receiving },
      ],
      allScoringRuleTypes: [
        { template: tpl('%points points for every %forEvery %categoryPlural') },
        {
          hasLowerBound: true,
          template: tpl(
            '%points points for every %forEvery %categoryPlural after reaching %boundLower total %categoryPlural',
          ),
        },
      ],
    });
  });

  /** Fantasy-points context for a league: season totals up to the current week, and overall ranks. */
  const seasonTable = (l: League) => {
    const through = Math.max(0, world.calendar.currentWeek(state.now()) - 1);
    const rows = world.players.map((p) => ({
      p,
      ...world.scoring.seasonPoints(p, through, l.format.ppr),
      rank: 0,
      positionRank: 0,
    }));
    rows.sort((a, b) => b.total - a.total || a.p.fleaId - b.p.fleaId);
    const perPosition = new Map<string, number>();
    rows.forEach((r, i) => {
      r.rank = i + 1;
      r.positionRank = (perPosition.get(r.p.position) ?? 0) + 1;
      perPosition.set(r.p.position, r.positionRank);
    });
    return { rows, through };
  };

  /** Average points over the last n finished weeks. */
  const lastX = (l: League, p: Player, through: number, n: number) => {
    let sum = 0;
    let games = 0;
    for (let w = Math.max(1, through - n + 1); w <= through; w++) {
      if (world.scoring.finalLine(p, w).played) {
        sum += world.scoring.finalPoints(p, w, l.format.ppr);
        games++;
      }
    }
    return games ? Math.round((sum / games) * 100) / 100 : 0;
  };

  const listingEntry = (
    l: League,
    p: Player,
    owner: LeagueTeam | undefined,
    r: { rank: number; positionRank: number; total: number; games: number },
    through: number,
    ext: boolean,
  ) => {
    const { total, games } = r;
    const w = week();
    const now = state.now();
    const weekPts = world.scoring.points(p, w, l.format.ppr, now);
    const avg = games ? total / games : 0;
    const entry: Record<string, unknown> = { proPlayer: pro(p, ext) };
    if (owner) entry.owner = { id: Number(owner.id), name: owner.name, initials: initials(owner.name) };
    Object.assign(entry, {
      viewingActualPoints: weekPts === undefined ? { formatted: '—' } : num(weekPts),
      viewingActualStats: [],
      transactionStatus: locked(p) ? { locked: {}, isLineupStatusLocked: true } : {},
      requestedGamesPeriod: { ordinal: w, startEpochMilli: periodStart(w) },
      viewingActualPointsAverage: num(Math.round(avg * 100) / 100),
      viewingFormat: 'TOTAL',
      viewingRange: { season: world.season, low: 1, high: Math.max(1, through) },
      displayGroup: displayGroup(p),
      rankFantasy: rankJson(p, r.rank, r.positionRank, world.season),
      lastX: [1, 3, 5].map((duration) => ({ value: num(lastX(l, p, through, duration)), duration })),
      seasonTotal: num(total),
      seasonAverage: num(Math.round(avg * 100) / 100),
      seasonsStandartDeviation: num(Math.round(avg * 0.3 * 100) / 100),
    });
    return entry;
  };

  app.get<{ Querystring: Query }>(`${base}/FetchPlayerListing`, async (req, reply) => {
    const l = leagueOf(req.query);
    if (!l) return noLeague(reply);
    const q = req.query;
    const ext = (one(q, 'external_id_type') ?? '').toUpperCase() === 'SPORTRADAR';
    const faOnly = one(q, 'filter.free_agent_only') === 'true';
    const positions = all(q, 'filter.position.eligibility', 'filter.position_eligibility').map(
      positionFromFilter,
    );
    const query = (one(q, 'filter.query') ?? '').trim().toLowerCase();
    const ids = new Set(all(q, 'filter.player_id').map(Number));
    const offset = Math.max(0, Number.parseInt(one(q, 'result_offset') ?? '0', 10) || 0);
    const used = new Set(l.slots.flatMap(eligibilityOf));
    const ownerOf = new Map<number, LeagueTeam>();
    for (const t of l.teams) for (const x of t.players) ownerOf.set(x, t);
    const { rows, through } = seasonTable(l);
    const matching = rows
      .filter(({ p }) => used.has(fleaPosition(p)) || ids.has(p.fleaId))
      .filter(({ p }) => !faOnly || !ownerOf.has(p.idx))
      .filter(({ p }) => positions.length === 0 || positions.includes(fleaPosition(p)))
      .filter(({ p }) => ids.size === 0 || ids.has(p.fleaId))
      .filter(({ p }) => !query || `${p.first} ${p.last} ${p.suffix}`.toLowerCase().includes(query));
    const page = matching.slice(offset, offset + PAGE);
    const eligibility = positions.length ? positions : [...used];
    const body: Record<string, unknown> = {
      players: page.map((r) => listingEntry(l, r.p, ownerOf.get(r.p.idx), r, through, ext)),
      eligibleSorts: [
        'SORT_SEASON_TOTAL',
        'SORT_SEASON_AVERAGE',
        'SORT_SCORING_PERIOD',
        'SORT_LAST_X_SHORT',
        'SORT_LAST_X_LONG',
      ],
      hasRookies: true,
      lastXShortDuration: 3,
      lastXLongDuration: 5,
    };
    if (offset + PAGE < matching.length) body.resultOffsetNext = offset + PAGE;
    Object.assign(body, {
      sort: 'SORT_SEASON_TOTAL',
      filter: {
        position: {
          label: positions.length === 1 ? positions[0] : 'ALL',
          group: 'START',
          eligibility,
          colors: colors(eligibility),
        },
        positionEligibility: eligibility,
      },
      resultTotal: matching.length,
      sortSeasons: { eligibleValues: [world.season], selectedValue: world.season },
    });
    if (page.length === 0) delete body.players;
    return send(reply, body);
  });

  app.get<{ Querystring: Query }>(`${base}/FetchRoster`, async (req, reply) => {
    const l = leagueOf(req.query);
    if (!l) return noLeague(reply);
    const team = l.teams.find((t) => t.id === one(req.query, 'team_id'));
    if (!team) return send(reply, { error: 'Team not found' }, 404);
    const requested = Number.parseInt(one(req.query, 'scoring_period') ?? '', 10);
    const w = requested >= 1 && requested <= 18 ? requested : week();
    const now = state.now();
    const starters = world.slotStarters(l, team, w, now);
    const { rows } = seasonTable(l);
    const rankOf = new Map(rows.map((r) => [r.p.idx, r]));
    const rostered = new Map<number, number>();
    for (const lg of world.leagues)
      if (lg.service === 'flea')
        for (const t of lg.teams) for (const x of t.players) rostered.set(x, (rostered.get(x) ?? 0) + 1);
    const fleaLeagues = world.leagues.filter((x) => x.service === 'flea').length;
    const leaguePlayer = (p: Player) => {
      const pts = world.scoring.points(p, w, l.format.ppr, now);
      const r = rankOf.get(p.idx)!;
      const rank = rankJson(p, r.rank, r.positionRank, world.season);
      const g = world.scoring.game(p, w);
      return {
        proPlayer: {
          ...pro(p, false),
          percentOwnedRatio: Math.round(((rostered.get(p.idx) ?? 0) / fleaLeagues) * 100) / 100,
        },
        viewingActualPoints:
          pts === undefined || !g || gameState(g, now).status === 'scheduled' ? { formatted: '—' } : num(pts),
        viewingActualStats: [],
        viewingFormat: 'TOTAL',
        displayGroup: displayGroup(p),
        rankFantasy: rank,
        rankDraft: rank,
        seasonTotal: num(r.total),
        seasonAverage: num(r.games ? Math.round((r.total / r.games) * 100) / 100 : 0),
      };
    };
    const positionOf = (slotIndex: number) => {
      const s = l.slots[slotIndex];
      const eligibility = eligibilityOf(s);
      const count = l.slots.filter((x) => x.flea === s.flea).length;
      return eligibility.length === 1
        ? {
            label: s.flea,
            group: 'START',
            eligibility,
            min: count,
            max: s.flea === 'K' || s.flea === 'D/ST' ? 2 : 15,
            start: count,
          }
        : { label: s.flea, group: 'START', eligibility, start: count };
    };
    const started = new Set(starters.filter(Boolean).map((p) => p!.idx));
    const benchIds = team.players.filter(
      (x) => !started.has(x) && !team.taxi.includes(x) && !team.ir.includes(x),
    );
    const groups: Record<string, unknown>[] = [
      {
        group: 'START',
        slots: starters.map((p, i) =>
          p ? { position: positionOf(i), leaguePlayer: leaguePlayer(p) } : { position: positionOf(i) },
        ),
      },
      {
        slots: benchIds.map((x) => ({
          position: { label: 'BN', max: benchCount(l) },
          leaguePlayer: leaguePlayer(world.players[x]),
        })),
      },
    ];
    if (team.ir.length) {
      groups.push({
        group: 'INJURED',
        slots: team.ir.map((x) => ({
          position: { label: 'IR', group: 'INJURED', eligibility: ALL_ELIGIBILITY, start: l.irSlots },
          leaguePlayer: leaguePlayer(world.players[x]),
        })),
      });
    }
    if (team.taxi.length) {
      groups.push({
        group: 'TAXI',
        slots: team.taxi.map((x) => ({
          position: { label: 'TAXI', group: 'TAXI', eligibility: ALL_ELIGIBILITY, start: l.taxiSlots },
          leaguePlayer: leaguePlayer(world.players[x]),
        })),
      });
    }
    const period = (n: number) => ({
      ordinal: n,
      low: { ordinal: n, season: world.season, startEpochMilli: periodStart(n) },
      value: n,
    });
    return send(reply, {
      groups,
      lineupPeriod: period(w),
      eligibleLineupPeriods: world.calendar.weeks.map((x) => period(x.week)),
      alwaysAvailablePositions: [{ label: 'BN', max: benchCount(l) }],
      eligibleTeams: l.teams.map((t) => ({ id: Number(t.id), name: t.name, initials: initials(t.name) })),
    });
  });
}
