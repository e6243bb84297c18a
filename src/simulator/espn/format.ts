/** ESPN's league document (v3, games/ffl) by view: the base fields, mTeam, mRoster and mSettings. */
import type { Account, League, LeagueTeam } from '../world/league.ts';
import { REGULAR_SEASON_WEEKS } from '../world/leagues.ts';
import { FIRST_NAMES, LAST_NAMES } from '../world/names.ts';
import { injuryAt, type Player } from '../world/players.ts';
import { hash32, unit } from '../world/random.ts';
import { teamWeek } from '../world/results.ts';
import { gameState } from '../world/schedule.ts';
import { teamByCode } from '../world/teams.ts';
import type { World } from '../world/world.ts';
import { BENCH, eligibleSlots, espnInjuryOf, espnPositionOf, espnSlotOf, IR } from './codes.ts';

/** The last scoring period of an ESPN season (week 18 is not played in fantasy). */
export const FINAL_SCORING_PERIOD = 17;
const DAY_MS = 86_400_000;

export interface EspnCtx {
  world: World;
  now: number;
  /** The scoring period now: the NFL week (1 before the season, 18 after it). */
  current: number;
}

export function espnCtx(world: World, now: number): EspnCtx {
  return { world, now, current: world.calendar.defaultWeek(now) };
}

/** The player as ESPN describes him in rosters and player lists (D/ST has no jersey or injury status). */
export function espnPlayer(p: Player, week: number) {
  const def = p.position === 'Def';
  const last = def ? 'D/ST' : p.suffix ? `${p.last} ${p.suffix}` : p.last;
  const first = def ? p.last : p.first;
  const status = injuryAt(p, week)?.status;
  return {
    active: p.team !== 'FA',
    defaultPositionId: espnPositionOf(p.position),
    eligibleSlots: eligibleSlots(p.position),
    firstName: first,
    fullName: `${first} ${last}`,
    id: Number(p.espnId),
    injured: status === 'Out' || status === 'IR',
    ...(def ? {} : { injuryStatus: espnInjuryOf(status), jersey: String(p.jersey) }),
    lastName: last,
    proTeamId: proTeamId(p.team),
  };
}

/** ESPN's proTeamId of a world team code; 0 is a free agent. */
export const proTeamId = (code: string) => teamByCode.get(code)?.espn ?? 0;

/** The league's status block; the bare league (no view) carries only three of its fields. */
function status(ctx: EspnCtx, l: League, full: boolean) {
  const { world, now, current } = ctx;
  const base = {
    currentMatchupPeriod: Math.min(current, FINAL_SCORING_PERIOD),
    isActive: true,
    latestScoringPeriod: current,
  };
  if (!full) return base;
  const started = world.calendar.weeks[0].startsAt;
  // Waivers run each Wednesday 08:00 UTC; the last run is the latest Wednesday before now.
  const wednesdays: number[] = [];
  for (let t = started + DAY_MS + 8 * 3_600_000; t < now; t += 7 * DAY_MS) wednesdays.push(t);
  const last = wednesdays.at(-1) ?? started - 7 * DAY_MS;
  return {
    activatedDate: Math.floor(l.draft.startedAt * 1000 || started - 90 * DAY_MS) - 30 * DAY_MS,
    createdAsLeagueType: 0,
    currentLeagueType: 0,
    ...base,
    finalScoringPeriod: FINAL_SCORING_PERIOD,
    firstScoringPeriod: 1,
    isExpired: false,
    isFull: true,
    isPlayoffMatchupEdited: false,
    isToBeDeleted: false,
    isViewable: l.isPublic,
    isWaiverOrderEdited: false,
    previousSeasons: [world.season - 3, world.season - 2, world.season - 1],
    standingsUpdateDate: last + 60_000,
    teamsJoined: l.teams.length,
    transactionScoringPeriod: current,
    waiverLastExecutionDate: last,
    waiverNextExecutionDate: last + 7 * DAY_MS,
    waiverProcessStatus: Object.fromEntries(
      wednesdays.map((t) => [
        new Date(t).toISOString().replace('Z', '+00:00'),
        1 + (hash32(l.id, t) % l.teams.length),
      ]),
    ),
  };
}

/** What every view answers: the league's ids, the scoring period and its status. */
export function leagueBase(ctx: EspnCtx, l: League, full = true) {
  return {
    ...(full ? { draftDetail: { drafted: true, inProgress: false } } : {}),
    gameId: 1,
    id: Number(l.id),
    scoringPeriodId: ctx.current,
    seasonId: ctx.world.season,
    segmentId: 0,
    status: status(ctx, l, full),
  };
}

/** "Demo Dynasty" is location "Demo", nickname "Dynasty", abbreviation "DEDY" (unique in the league). */
export function teamNames(l: League) {
  const seen = new Set<string>();
  return l.teams.map((t) => {
    const space = t.name.indexOf(' ');
    const location = space > 0 ? t.name.slice(0, space) : t.name;
    const nickname = space > 0 ? t.name.slice(space + 1) : '';
    const letters = (s: string) => s.replace(/[^A-Za-z]/g, '').slice(0, 2);
    let abbrev = (letters(location) + letters(nickname)).toUpperCase() || `T${t.id}`;
    if (seen.has(abbrev)) abbrev = `${abbrev.slice(0, 3)}${t.id}`;
    seen.add(abbrev);
    return { location, nickname, abbrev };
  });
}

const ownerOf = (world: World, t: LeagueTeam) => world.accountByKey(t.ownerKey)!;

/** The bare league (no view): members and teams in brief, the league's name, a short status. */
export function bareLeague(ctx: EspnCtx, l: League) {
  const names = teamNames(l);
  return {
    gameId: 1,
    id: Number(l.id),
    members: l.teams.map((t, i) => ({
      displayName: ownerOf(ctx.world, t).displayName,
      id: ownerOf(ctx.world, t).userId,
      isLeagueManager: i === 0,
    })),
    scoringPeriodId: ctx.current,
    seasonId: ctx.world.season,
    segmentId: 0,
    settings: { name: l.name },
    status: status(ctx, l, false),
    teams: l.teams.map((t, i) => ({ ...names[i], id: Number(t.id), owners: [ownerOf(ctx.world, t).userId] })),
  };
}

/** A member's first and last name, fixed by the account (ESPN shows them to league-mates). */
function personName(a: Account) {
  return {
    firstName: FIRST_NAMES[hash32(a.key, 'first') % FIRST_NAMES.length],
    lastName: LAST_NAMES[hash32(a.key, 'last') % LAST_NAMES.length],
  };
}

const NOTIFICATIONS = [
  'DRAFT',
  'TEAM_PLAYER_NEWS',
  'TEAM_LINEUP',
  'TEAM_TRADE_OFFER',
  'TEAM_PLAYER_INJURY',
  'TEAM_PLAYER_STARTBENCH',
  'TEAM_PLAYER_AVAILABILITY',
];

export function members(ctx: EspnCtx, l: League) {
  return l.teams.map((t) => {
    const a = ownerOf(ctx.world, t);
    return {
      displayName: a.displayName,
      ...personName(a),
      id: a.userId,
      notificationSettings: NOTIFICATIONS.map((type) => ({
        enabled: true,
        id: `${hash32(a.key, type).toString(16).padStart(8, '0')}-${type.length.toString(16).padStart(4, '0')}`,
        type,
      })),
    };
  });
}

interface Split {
  wins: number;
  losses: number;
  ties: number;
  pointsFor: number;
  pointsAgainst: number;
}

/** Each team's overall, home and away records over the regular-season weeks already final. */
function records(ctx: EspnCtx, l: League) {
  const blank = (): Split => ({ wins: 0, losses: 0, ties: 0, pointsFor: 0, pointsAgainst: 0 });
  const rows = l.teams.map(() => ({ overall: blank(), home: blank(), away: blank(), results: '' }));
  for (let week = 1; week <= REGULAR_SEASON_WEEKS; week++) {
    const games = ctx.world.calendar.weeks[week - 1].games;
    if (!games.every((g) => gameState(g, ctx.now).status === 'final')) break;
    for (const [a, h] of l.pairs[week - 1]) {
      const pa = teamWeek(ctx.world, l, l.teams[a], week, ctx.now).points;
      const ph = teamWeek(ctx.world, l, l.teams[h], week, ctx.now).points;
      const mark = (i: number, side: 'home' | 'away', mine: number, theirs: number) => {
        const r = rows[i];
        const result = mine > theirs ? 'W' : mine < theirs ? 'L' : 'T';
        r.results += result;
        for (const s of [r.overall, r[side]]) {
          s.pointsFor += mine;
          s.pointsAgainst += theirs;
          if (result === 'W') s.wins++;
          else if (result === 'L') s.losses++;
          else s.ties++;
        }
      };
      mark(a, 'away', pa, ph);
      mark(h, 'home', ph, pa);
    }
  }
  return rows;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function recordJson(s: Split, results: string, leaderWins: number, withStreak: boolean) {
  const games = s.wins + s.losses + s.ties;
  const last = results.at(-1);
  let streak = 0;
  for (let i = results.length - 1; i >= 0 && results[i] === last; i--) streak++;
  return {
    gamesBack: Math.max(0, leaderWins - s.wins),
    losses: s.losses,
    percentage: games ? (s.wins + s.ties / 2) / games : 0,
    pointsAgainst: round2(s.pointsAgainst),
    pointsFor: round2(s.pointsFor),
    streakLength: withStreak ? streak : 0,
    streakType: !withStreak || !last ? 'NONE' : last === 'W' ? 'WIN' : last === 'L' ? 'LOSS' : 'TIE',
    ties: s.ties,
    wins: s.wins,
  };
}

/** view=mTeam's teams: names, owners, records, seeds and transaction counts. */
export function teamsFull(ctx: EspnCtx, l: League) {
  const names = teamNames(l);
  const recs = records(ctx, l);
  const order = recs
    .map((r, i) => ({ i, wins: r.overall.wins, pf: r.overall.pointsFor }))
    .sort((a, b) => b.wins - a.wins || b.pf - a.pf || a.i - b.i);
  const seed = new Map(order.map((o, rank) => [o.i, rank + 1]));
  const leaderWins = order[0]?.wins ?? 0;
  return l.teams.map((t, i) => {
    const owner = ownerOf(ctx.world, t).userId;
    const r = recs[i];
    const n = (what: string, max: number) => hash32(ctx.world.seed, l.id, t.id, what) % (max + 1);
    return {
      abbrev: names[i].abbrev,
      divisionId: 0,
      id: Number(t.id),
      isActive: false,
      location: names[i].location,
      logo: `https://g.espncdn.com/lm-static/logo-packs/core/Nature-${(hash32(l.id, t.id) % 12) + 1}.svg`,
      logoType: 'VECTOR',
      nickname: names[i].nickname,
      owners: [owner],
      playoffSeed: seed.get(i)!,
      points: round2(r.overall.pointsFor),
      pointsAdjusted: 0,
      pointsDelta: 0,
      primaryOwner: owner,
      rankCalculatedFinal: 0,
      rankFinal: 0,
      record: {
        away: recordJson(r.away, '', 0, false),
        division: recordJson(r.overall, r.results, leaderWins, true),
        home: recordJson(r.home, '', 0, false),
        overall: recordJson(r.overall, r.results, leaderWins, true),
      },
      tradeBlock: {},
      transactionCounter: {
        acquisitionBudgetSpent: n('faab', 120),
        acquisitions: n('adds', 20),
        drops: n('drops', 20),
        matchupAcquisitionTotals: {},
        misc: 0,
        moveToActive: n('moves', 60),
        moveToIR: n('ir', 4),
        paid: 0,
        teamCharges: 0,
        trades: n('trades', 3),
      },
      waiverRank: l.teams.length + 1 - seed.get(i)!,
    };
  });
}

/** view=mRoster's roster of a team for a scoring period: starters by slot, then the bench and IR. */
export function rosterEntries(ctx: EspnCtx, l: League, t: LeagueTeam, week: number) {
  const { world, now } = ctx;
  const starters = world.slotStarters(l, t, week, now);
  const slotOf = new Map<number, number>();
  starters.forEach((p, i) => {
    if (p) slotOf.set(p.idx, espnSlotOf(l.slots[i]));
  });
  const players = [
    ...starters.filter((p): p is Player => !!p),
    ...t.players.filter((i) => !slotOf.has(i)).map((i) => world.players[i]),
  ];
  return players.map((p) => {
    const lineupSlotId = slotOf.get(p.idx) ?? (t.ir.includes(p.idx) ? IR : BENCH);
    return {
      // The entry's own status words are ESPN's roster states; the injury is the player's.
      injuryStatus: 'NORMAL',
      lineupSlotId,
      playerId: Number(p.espnId),
      playerPoolEntry: {
        appliedStatTotal: round2(world.scoring.points(p, week, l.format.ppr, now) ?? 0),
        id: Number(p.espnId),
        onTeamId: Number(t.id),
        player: { ...espnPlayer(p, week), universeId: 1 },
        status: 'ONTEAM',
      },
      status: 'NORMAL',
    };
  });
}

const SLOT_KEYS = Array.from({ length: 25 }, (_, i) => String(i));

/** view=mSettings: roster slots, scoring, schedule, waivers, draft and trades. */
export function settingsFull(ctx: EspnCtx, l: League) {
  const { world } = ctx;
  const counts: Record<string, number> = Object.fromEntries(SLOT_KEYS.map((k) => [k, 0]));
  for (const s of l.slots) counts[String(espnSlotOf(s))]++;
  counts[String(IR)] = l.irSlots;
  counts[String(BENCH)] = l.rosterSize - l.slots.length;
  const weeks = world.calendar.weeks;
  const draftMs = l.draft.startedAt ? l.draft.startedAt * 1000 : weeks[0].startsAt - 14 * DAY_MS;
  return {
    acquisitionSettings: {
      acquisitionBudget: 100,
      acquisitionLimit: -1,
      acquisitionType: 'WAIVERS_CONTINUOUS',
      finalPlaceTransactionEligible: 0,
      isUsingAcquisitionBudget: true,
      matchupAcquisitionLimit: 0,
      matchupLimitPerScoringPeriod: false,
      minimumBid: 0,
      transactionLockingEnabled: false,
      waiverHours: 24,
      waiverOrderReset: true,
      waiverProcessDays: ['WEDNESDAY'],
      waiverProcessHour: 8,
    },
    draftSettings: {
      auctionBudget: 200,
      availableDate: draftMs - 3_600_000,
      date: draftMs,
      isTradingEnabled: true,
      keeperCount: l.rosterSize,
      keeperCountFuture: l.rosterSize,
      keeperOrderType: 'TRADITIONAL',
      leagueSubType: 'NONE',
      orderType: 'MANUAL',
      pickOrder: l.teams.map((t) => Number(t.id)),
      timePerSelection: 90,
      type: 'SNAKE',
    },
    financeSettings: {
      entryFee: 0,
      miscFee: 0,
      perLoss: 0,
      perTrade: 0,
      playerAcquisition: 0,
      playerDrop: 0,
      playerMoveToActive: 0,
      playerMoveToIR: 0,
    },
    isAutoReactivate: true,
    isCustomizable: true,
    isPublic: l.isPublic,
    name: l.name,
    restrictionType: 'NONE',
    rosterSettings: {
      autoPilotTypeSupported: 'NONE',
      isBenchUnlimited: false,
      isUsingUndroppableList: false,
      lineupLocktimeType: 'INDIVIDUAL_GAME',
      lineupSlotCounts: counts,
      lineupSlotStatLimits: {},
      moveLimit: -1,
      positionLimits: Object.fromEntries(SLOT_KEYS.slice(0, 18).map((k) => [k, 0])),
      rosterLocktimeType: 'INDIVIDUAL_GAME',
      universeIds: [1],
    },
    scheduleSettings: {
      consolationLadderDisabled: false,
      divisions: [{ id: 0, name: 'Division 1', size: l.teams.length }],
      matchupPeriodCount: REGULAR_SEASON_WEEKS,
      matchupPeriodLength: 1,
      matchupPeriods: Object.fromEntries(
        Array.from({ length: FINAL_SCORING_PERIOD }, (_, i) => [String(i + 1), [i + 1]]),
      ),
      periodTypeId: 1,
      playoffMatchupPeriodLength: 1,
      playoffReseed: false,
      playoffSeedingRule: 'TOTAL_POINTS_SCORED',
      playoffSeedingRuleBy: 0,
      playoffTeamCount: l.teams.length >= 12 ? 6 : 4,
      variablePlayoffMatchupPeriodLength: false,
    },
    scoringSettings: {
      allowOutOfPositionScoring: false,
      homeTeamBonus: 0,
      matchupTieRule: 'NONE',
      matchupTieRuleBy: 0,
      playerRankType: l.format.ppr === 1 ? 'PPR' : 'STANDARD',
      playoffHomeTeamBonus: 0,
      playoffMatchupTieRule: 'NONE',
      playoffMatchupTieRuleBy: 0,
      scoringEnhancementType: 'NONE',
      scoringItems: scoringItems(l),
      scoringType: 'H2H_POINTS',
    },
    size: l.teams.length,
    tradeSettings: {
      allowOutOfUniverse: false,
      deadlineDate: weeks[Math.min(11, weeks.length - 1)].startsAt,
      max: -1,
      revisionHours: 24,
      vetoVotesRequired: 4,
    },
  };
}

interface ScoringItem {
  isReverseItem: boolean;
  leagueRanking: number;
  leagueTotal: number;
  points: number;
  pointsOverrides?: Record<string, number>;
  statId: number;
}

/** ESPN's stat ids with the league's points (receptions, 53, only in PPR leagues; IDP stats in IDP leagues). */
function scoringItems(l: League): ScoringItem[] {
  const item = (statId: number, points: number, overrides?: Record<string, number>): ScoringItem => ({
    isReverseItem: false,
    leagueRanking: 0,
    leagueTotal: 0,
    points,
    ...(overrides ? { pointsOverrides: overrides } : {}),
    statId,
  });
  const items = [
    item(3, 0.04),
    item(4, 4),
    item(19, 2),
    item(20, -2),
    item(24, 0.1),
    item(25, 6),
    item(26, 2),
    item(42, 0.1),
    item(43, 6),
    item(44, 2),
    item(72, -2),
    item(74, 3),
    item(77, 4),
    item(80, 3),
    item(85, -1),
    item(86, 1),
    item(88, -1),
    item(89, 0, { 16: 5 }),
    item(90, 0, { 16: 4 }),
    item(95, l.format.idp ? 3 : 0, { 16: 2 }),
    item(96, l.format.idp ? 2 : 0, { 16: 2 }),
    item(98, l.format.idp ? 2 : 0, { 16: 2 }),
    item(99, l.format.idp ? 2 : 0, { 16: 1 }),
    item(101, 6, { 16: 6 }),
    item(102, 6, { 16: 6 }),
    item(103, 6, { 16: 6 }),
    item(104, 6, { 16: 6 }),
  ];
  if (l.format.ppr > 0) items.push(item(53, l.format.ppr));
  if (l.format.idp) items.push(item(106, 2), item(107, 0.5), item(108, 1), item(113, 1));
  return items;
}

/** Everyone's share of rosters across the world's leagues, for ESPN's percentOwned (fixed per world). */
const owned = new WeakMap<World, Map<number, number>>();
export function ownership(world: World): Map<number, number> {
  let shares = owned.get(world);
  if (!shares) {
    const counts = new Map<number, number>();
    for (const l of world.leagues)
      for (const t of l.teams) for (const i of t.players) counts.set(i, (counts.get(i) ?? 0) + 1);
    shares = new Map([...counts].map(([i, n]) => [i, (100 * n) / world.leagues.length]));
    owned.set(world, shares);
  }
  return shares;
}

/** A week's waiver wire: about one free agent in twenty was dropped in the last two days. */
export function onWaivers(world: World, l: League, p: Player, week: number): boolean {
  return unit(world.seed, 'espn-waivers', l.id, p.idx, week) < 0.05;
}
