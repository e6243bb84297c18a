/** MFL exports about one league: settings, rosters, scores, results, statuses, free agents and the rookie draft. */

import { mflLimit } from '../world/formats.ts';
import type { League, LeagueTeam } from '../world/league.ts';
import { REGULAR_SEASON_WEEKS } from '../world/leagues.ts';
import { leagueTrades } from '../world/trades.ts';
import { idList, leagueBaseUrl, type MflContext, weekParam } from './context.ts';
import { collapse, envelope, errorBody, type MflBody } from './format.ts';

export function myleagues(ctx: MflContext): MflBody {
  const { world, user } = ctx;
  const year = ctx.params.YEAR ?? ctx.year;
  const leagues = user && year === String(world.season) ? world.leaguesOf(user) : [];
  const rows = leagues.map((l) => {
    const team = world.teamOf(l, user!)!;
    const row: Record<string, string> = {
      franchise_id: team.id,
      url: `${leagueBaseUrl(ctx, l)}/${world.season}/home/${l.id}`,
      name: l.name,
    };
    if (ctx.params.FRANCHISE_NAMES === '1') row.franchise_name = team.name;
    row.league_id = l.id;
    return row;
  });
  return envelope({ leagues: rows.length ? { league: collapse(rows) } : {} });
}

export function league(ctx: MflContext, l: League): MflBody {
  const { world } = ctx;
  const base = leagueBaseUrl(ctx, l);
  const season = String(world.season);
  return envelope({
    league: {
      currentWaiverType: 'BBID_FCFS',
      playerLimitUnit: 'LEAGUE',
      taxiSquad: String(l.taxiSlots),
      endWeek: '17',
      lockout: 'No',
      nflPoolStartWeek: '1',
      franchises: {
        count: String(l.teams.length),
        franchise: l.teams.map((t, i) => ({
          bbidAvailableBalance: `${(100 - ((i * 37) % 90)).toFixed(2)}`,
          name: t.name,
          id: t.id,
          waiverSortOrder: String(((i * 7) % l.teams.length) + 1),
        })),
      },
      standingsSort: 'PCT,PTS,',
      id: l.id,
      nflPoolType: 'Confidence',
      // A league with a startup began this season; the others were renewed from last season's.
      history: {
        league: [
          ...(l.startup
            ? []
            : [{ url: `${base}/${Number(season) - 1}/home/${l.id}`, year: String(Number(season) - 1) }]),
          { url: `${base}/${season}/home/${l.id}`, year: season },
        ],
      },
      rosterSize: String(l.rosterSize),
      name: l.name,
      bbidSeasonLimit: '100',
      bbidIncrement: '1',
      mobileAlerts: '',
      starters: {
        count: String(l.mfl.count),
        position: l.mfl.groups.map((g) => ({ name: g.name, limit: mflLimit(g) })),
      },
      nflPoolEndWeek: '17',
      bestLineup: l.format.bestBall ? 'Yes' : 'No',
      precision: '2',
      lastRegularSeasonWeek: String(REGULAR_SEASON_WEEKS),
      survivorPool: 'No',
      bbidTiebreaker: 'TIMESTAMP',
      usesContractYear: '0',
      injuredReserve: String(l.irSlots),
      bbidConditional: 'No',
      startWeek: '1',
      survivorPoolStartWeek: '1',
      survivorPoolEndWeek: '17',
      bbidFCFSCharge: '',
      rostersPerPlayer: '1',
      h2h: 'YES',
      usesSalaries: '0',
      baseURL: base,
      loadRosters: l.startup?.kind === 'auction' ? 'email_auction' : 'email_draft',
      ...(l.startup?.kind === 'auction' ? { auctionStartAmount: String(l.startup.budget), minBid: '1' } : {}),
    },
  });
}

function rosterStatus(team: LeagueTeam, idx: number): string {
  if (team.taxi.includes(idx)) return 'TAXI_SQUAD';
  if (team.ir.includes(idx)) return 'INJURED_RESERVE';
  return 'ROSTER';
}

export function rosters(ctx: MflContext, l: League): MflBody {
  const week = String(weekParam(ctx));
  const only = ctx.params.FRANCHISE;
  const teams = l.teams.filter((t) => !only || t.id === only);
  const rows = teams.map((t) => ({
    week,
    player: collapse(
      t.players.map((idx) => ({
        status: rosterStatus(t, idx),
        id: ctx.world.players[idx].mflId,
        drafted: t.acquired.get(idx) ?? 'FCFS',
      })),
    ),
    id: t.id,
  }));
  return envelope({ rosters: { franchise: collapse(rows) } });
}

export function playerStatus(ctx: MflContext, l: League): MflBody {
  const { world } = ctx;
  const ids = idList(ctx.params.P);
  const known = ids.map((id) => world.byMfl.get(id));
  if (ids.length === 0 || known.every((p) => !p)) return errorBody('Error - No Valid Player IDs!');
  const week = world.calendar.defaultWeek(ctx.now);
  const rows = ids.map((id, i) => {
    const p = known[i];
    if (!p || !l.mfl.groups.some((g) => g.positions.includes(p.position))) {
      return { status: 'League Does Not Use This Position', id };
    }
    const team = l.teams.find((t) => t.players.includes(p.idx));
    if (!team) return { status: 'Free Agent', id };
    if (team.taxi.includes(p.idx) || team.ir.includes(p.idx)) return { status: team.name, id };
    const starting = world.starters(l, team, week, ctx.now).includes(p);
    return { status: `${team.name} - ${starting ? 'S' : 'NS'}`, id };
  });
  if (ids.length === 1) return envelope({ playerStatus: rows[0] });
  return envelope({ playerStatuses: { playerStatus: rows } });
}

export function freeAgents(ctx: MflContext, l: League): MflBody {
  const rostered = new Set(l.teams.flatMap((t) => t.players));
  const position = ctx.params.POSITION;
  const rows = ctx.world.players
    .filter((p) => !rostered.has(p.idx) && l.mfl.groups.some((g) => g.positions.includes(p.position)))
    .filter((p) => !position || p.position === position)
    .map((p) => ({ id: p.mflId }));
  return envelope({ freeAgents: { leagueUnit: { unit: 'LEAGUE', player: collapse(rows) } } });
}

/**
 * The rookie draft. Not in the recorded set: the shape follows MFL's documented export as other clients
 * read it (draftUnit with draftType and unit; draftPick rows with two-digit round and pick strings).
 */
export function draftResults(ctx: MflContext, l: League): MflBody {
  // A league whose startup was a snake draft has that as its season's draft.
  const draft = l.startup?.kind === 'snake' ? l.startup : l.draft;
  const made = draft.picks.map((p) => ({
    timestamp: String(p.timestamp),
    franchise: l.teams[p.team].id,
    round: String(p.round).padStart(2, '0'),
    player: ctx.world.players[p.player].mflId,
    pick: String(p.pick).padStart(2, '0'),
    comments: '',
  }));
  // A draft under way lists the picks still to come with no player and no time.
  const size = l.teams.length;
  const rounds = draft.rounds || 4;
  const open =
    l.draftStatus === 'drafting'
      ? Array.from({ length: rounds * size - made.length }, (_, i) => {
          const overall = made.length + i;
          return {
            timestamp: '',
            franchise: l.teams[overall % size].id,
            round: String(Math.floor(overall / size) + 1).padStart(2, '0'),
            player: '',
            pick: String((overall % size) + 1).padStart(2, '0'),
            comments: '',
          };
        })
      : [];
  const picks = [...made, ...open];
  return envelope({
    draftResults: { draftUnit: { draftType: 'SDRAFT', unit: 'LEAGUE', draftPick: collapse(picks) } },
  });
}

/**
 * The league's auctions: its startup auction's sales, each player's winning bid and times. Not in the
 * recorded set: the shape follows MFL's documented `auctionResults` export as other clients read it
 * (auctionUnit with unit; auction rows with player, franchise, winningBid, timeStarted, lastBidTime).
 */
export function auctionResults(ctx: MflContext, l: League): MflBody {
  const sales = l.startup?.kind === 'auction' ? l.startup.picks : [];
  return envelope({
    auctionResults: {
      auctionUnit: {
        unit: 'LEAGUE',
        auction: collapse(
          sales.map((p) => ({
            player: ctx.world.players[p.player].mflId,
            franchise: l.teams[p.team].id,
            winningBid: String(p.price ?? 1),
            timeStarted: String(p.timestamp),
            lastBidTime: String(p.timestamp + 600),
          })),
        ),
      },
    },
  });
}

/**
 * Scoring rules. Not in the recorded set: the shape follows MFL's `rules` export as other clients read it
 * (positionRules with "|"-joined positions; each rule's points, range and event as `$t` text nodes). A
 * reception is the event CC; standard-scoring leagues have no CC rule.
 */
export function rules(_ctx: MflContext, l: League): MflBody {
  const rule = (event: string, points: string, range = '0-99') => ({
    points: { $t: points },
    range: { $t: range },
    event: { $t: event },
  });
  const offense = [
    rule('#P', '*4'),
    rule('PY', '.04/1', '-50-999'),
    rule('IN', '*-2'),
    rule('#R', '*6'),
    rule('RY', '.1/1', '-50-999'),
    rule('#C', '*6'),
    rule('CY', '.1/1', '-50-999'),
  ];
  if (l.format.ppr > 0) offense.push(rule('CC', `*${String(l.format.ppr).replace(/^0\./, '.')}`));
  const positionRules = [
    { positions: 'QB|RB|WR|TE', rule: offense },
    { positions: 'PK', rule: collapse([rule('FG', '*3', '0-99'), rule('EP', '*1')]) },
    l.format.idp
      ? { positions: 'DE|DT|LB|CB|S', rule: collapse([rule('TK', '*1'), rule('SK', '*2')]) }
      : { positions: 'Def', rule: collapse([rule('SK', '*1'), rule('DR', '*2')]) },
  ];
  return envelope({ rules: { positionRules } });
}

/** League search by name (public leagues only). Shape not recorded; modelled on MFL's documented export. */
export function leagueSearch(ctx: MflContext): MflBody {
  const q = (ctx.params.SEARCH ?? '').toLowerCase();
  if (q.length < 3) return errorBody('Search string must be at least 3 characters');
  // The world has one season: a search of another year finds nothing.
  const year = ctx.params.YEAR ?? ctx.year;
  if (year !== String(ctx.world.season)) return envelope({ leagues: {} });
  const found = [
    ...ctx.world.leagues.filter((l) => l.service === 'mfl' && l.isPublic && l.name.toLowerCase().includes(q)),
    ...ctx.world.population.mflSearch(q),
  ]
    .slice(0, 1000)
    .map((l) => ({
      homeURL: `${leagueBaseUrl(ctx, l)}/${ctx.world.season}/home/${l.id}`,
      name: l.name,
      id: l.id,
    }));
  return envelope({ leagues: found.length ? { league: collapse(found) } : {} });
}

/**
 * The league's trades (TRANS_TYPE=TRADE), newest first, in the recorded shape: the first franchise
 * in `franchise`, each side's assets as one string with MFL's trailing comma (player ids,
 * FP_<franchise>_<year>_<round> future picks, BB_<dollars> blind-bid dollars). Other transaction
 * types are not simulated: asked for, they are an empty list.
 */
export function transactions(ctx: MflContext, l: League): MflBody {
  const type = (ctx.params.TRANS_TYPE ?? '').toUpperCase();
  const trades =
    type === 'TRADE' || type === '' ? leagueTrades(ctx.world, l).filter((t) => t.at * 1000 <= ctx.now) : [];
  const assets = (t: (typeof trades)[number], i: 0 | 1) => {
    const franchise = l.teams[t.teams[i]].id;
    const gave = t.gave[i];
    return [
      ...gave.players.map((p) => ctx.world.players[p].mflId),
      ...gave.picks.map((p) => `FP_${franchise}_${p.season}_${p.round}`),
      ...(gave.faab > 0 ? [`BB_${gave.faab}`] : []),
    ]
      .map((a) => `${a},`)
      .join('');
  };
  const rows = [...trades].reverse().map((t) => ({
    franchise2: l.teams[t.teams[1]].id,
    franchise2_gave_up: assets(t, 1),
    timestamp: String(t.at),
    franchise: l.teams[t.teams[0]].id,
    franchise1_gave_up: assets(t, 0),
    type: 'TRADE',
    expires: String(t.at + 7 * 86_400),
  }));
  return envelope({ transactions: rows.length ? { transaction: collapse(rows) } : {} });
}
