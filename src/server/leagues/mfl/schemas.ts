import { z } from 'zod';
import { leagueError } from '../errors.ts';
import { checkBody, isRecord, payload, str, text } from './parse.ts';

/*
 * What MFL sends for each export (JSON=1), from the recorded answers in tests/fixtures/recorded/mfl,
 * as far as the app reads it (unknown members are dropped). MFL's JSON is XML turned into JSON: every
 * scalar is a string, a list of one collapses to the bare element, an empty list is `{}` or missing,
 * and text nodes are `{ "$t": "…" }`. Ids stay strings (ids like "0001" keep their zeros); scores,
 * weeks and times become numbers. A member of another kind than expected reads as missing.
 */

const optional = (v: unknown) => {
  const s = str(v).trim();
  return s === '' ? undefined : s;
};
const measure = (v: unknown) => {
  const s = str(v).trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
const isYes = (v: unknown) => ['1', 'yes', 'true'].includes(str(v).trim().toLowerCase());

/** Object-or-array (or nothing, or `{}`) as an array; members that are not objects are dropped. */
export const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (Array.isArray(v)) return v.filter(isRecord);
    if (isRecord(v)) return Object.keys(v).length === 0 ? [] : [v];
    return [];
  }, z.array(item));
/** A member holding more members (`franchises: { franchise: […] }`); missing or not an object reads as `{}`. */
const member = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.preprocess((v) => (isRecord(v) ? v : {}), z.object(shape));
/** A scalar as a string exactly as sent ('' when missing). */
export const scalar = z.preprocess(str, z.string());
/** A scalar as a trimmed string, or undefined when missing or empty. */
export const optScalar = z.preprocess(optional, z.string().optional());
/** A numeric measure (score, week, epoch seconds) as a number; '' and junk are null. Never for ids. */
export const measured = z.preprocess(measure, z.number().nullable());
/** "1"/"Yes" style flags. */
export const yes = z.preprocess(isYes, z.boolean());
/** A text node (`{ "$t": "…" }`) or a plain string, as a string. */
export const textNode = z.preprocess(text, z.string());
/** "14056,13132,…," (with MFL's trailing comma) as ids. */
export const idList = z.preprocess(
  (v) =>
    str(v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  z.array(z.string()),
);

/** Reads one export: MFL's error text is thrown (see checkBody), then its `<type>` member is parsed. */
const reader =
  <S extends z.ZodType>(type: string, schema: S) =>
  (body: unknown): z.output<S> =>
    schema.parse(payload(body, type));

const myLeagueSchema = z.object({
  league_id: scalar,
  name: scalar,
  url: scalar,
  franchise_id: optScalar,
  franchise_name: optScalar,
});
export type MflMyLeague = z.output<typeof myLeagueSchema>;

export const readMyLeagues = reader(
  'leagues',
  z.object({ league: list(myLeagueSchema) }).transform((p) => p.league.filter((l) => l.league_id !== '')),
);

/** One league of a leagueSearch answer: `leagues.league` rows with id, name and homeURL. */
const foundLeagueSchema = z
  .object({ id: scalar, name: scalar, homeURL: scalar })
  .transform((l) => ({ league_id: l.id, name: l.name, url: l.homeURL }));
export type MflFoundLeague = z.output<typeof foundLeagueSchema>;

/** leagueSearch: no match answers `leagues: {}`; one match collapses to a bare object. */
export const readLeagueSearch = reader(
  'leagues',
  z
    .object({ league: list(foundLeagueSchema) })
    .transform((p) => p.league.filter((l) => /^\d{1,10}$/.test(l.league_id))),
);

const starterSlotSchema = z.object({
  /** One position or several joined with '+' ("DT+DE"). */
  name: scalar,
  /** "1" or a range "1-5" (the upper bound counts). */
  limit: scalar,
});
export type MflStarterSlot = z.output<typeof starterSlotSchema>;

const franchiseSchema = z.object({
  id: scalar,
  name: scalar,
  abbrev: optScalar,
  icon: optScalar,
  logo: optScalar,
});
export type MflFranchise = z.output<typeof franchiseSchema>;

const leagueSchema = z
  .object({
    id: scalar,
    name: scalar,
    baseURL: optScalar,
    bestLineup: yes,
    startWeek: measured,
    endWeek: measured,
    lastRegularSeasonWeek: measured,
    rosterSize: optScalar,
    taxiSquad: optScalar,
    injuredReserve: optScalar,
    h2h: optScalar,
    usesSalaries: yes,
    /** How the rosters were first filled: "email_draft", "live_auction", … (decision 021). */
    loadRosters: optScalar,
    /** An auction's budget per franchise. */
    auctionStartAmount: optScalar,
    salaryCapAmount: optScalar,
    starters: member({
      /** Total starters: "9" or a range "7-9". */
      count: scalar,
      idp_starters: optScalar,
      position: list(starterSlotSchema),
    }),
    franchises: member({ franchise: list(franchiseSchema) }),
    history: member({ league: list(z.object({ year: scalar, url: scalar })) }),
  })
  .transform(({ starters, franchises, history, ...league }) => ({
    ...league,
    startersCount: starters.count,
    ...(starters.idp_starters === undefined ? {} : { idpStarters: starters.idp_starters }),
    starters: starters.position,
    franchises: franchises.franchise,
    history: history.league,
  }));
export type MflLeague = z.output<typeof leagueSchema>;

export function readLeague(body: unknown): MflLeague {
  const league = reader('league', leagueSchema)(body);
  if (!league.id.trim() && !league.name.trim()) throw leagueError('mfl', 'unreadable');
  return league;
}

const rosterPlayerSchema = z.object({
  id: scalar,
  /** ROSTER, TAXI_SQUAD or INJURED_RESERVE. */
  status: scalar,
  drafted: optScalar,
  salary: optScalar,
  contractYear: optScalar,
  contractStatus: optScalar,
  contractInfo: optScalar,
});
export type MflRosterPlayer = z.output<typeof rosterPlayerSchema>;

const rosterSchema = z
  .object({ id: scalar, week: optScalar, player: list(rosterPlayerSchema) })
  .transform(({ player, ...roster }) => ({ ...roster, players: player }));
export type MflRoster = z.output<typeof rosterSchema>;

export const readRosters = reader(
  'rosters',
  z.object({ franchise: list(rosterSchema) }).transform((p) => p.franchise),
);

const detail = z.string().optional();
const playerShape = {
  id: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  status: detail,
  draft_year: detail,
  draft_round: detail,
  draft_pick: detail,
  draft_team: detail,
  birthdate: detail,
  college: detail,
  height: detail,
  weight: detail,
  jersey: detail,
  espn_id: detail,
  sportsdata_id: detail,
  stats_id: detail,
  stats_global_id: detail,
  cbs_id: detail,
  fleaflicker_id: detail,
  rotowire_id: detail,
  rotoworld_id: detail,
  nfl_id: detail,
};
const playerFields = Object.keys(playerShape) as (keyof typeof playerShape)[];

/**
 * The player database as we keep it (MFL's own names), each member trimmed. It is large and cached
 * for a day, so members MFL left out or sent empty are not kept at all, and the members are read in
 * one pass before the schema checks them.
 */
const playerSchema = z.preprocess((raw) => {
  const player: Record<string, string> = { id: '', name: '', position: '', team: '' };
  if (isRecord(raw))
    for (const field of playerFields) {
      const value = optional(raw[field]);
      if (value !== undefined) player[field] = value;
    }
  return player;
}, z.object(playerShape));
export type MflPlayer = z.output<typeof playerSchema>;

export const readPlayers = reader(
  'players',
  z
    .object({ timestamp: optScalar, player: list(playerSchema) })
    .transform((p) => ({ timestamp: p.timestamp, players: p.player.filter((player) => player.id) })),
);

const injurySchema = z.object({
  id: scalar,
  status: scalar,
  // Older reports end details with a newline.
  details: scalar.transform((s) => s.trim()),
  exp_return: optScalar,
});
export type MflInjury = z.output<typeof injurySchema>;

export const readInjuries = reader(
  'injuries',
  z
    .object({ week: measured, timestamp: optScalar, injury: list(injurySchema) })
    .transform((p) => ({ week: p.week, timestamp: p.timestamp, injuries: p.injury })),
);

export const readProjectedScores = reader(
  'projectedScores',
  z
    .object({ week: measured, playerScore: list(z.object({ id: scalar, score: measured })) })
    .transform((p) => ({ week: p.week, scores: p.playerScore })),
);

const liveFranchiseSchema = z.object({
  id: scalar,
  score: measured,
  isHome: yes,
  gameSecondsRemaining: measured,
  playersYetToPlay: measured,
  playersCurrentlyPlaying: measured,
  players: member({
    player: list(
      z.object({
        id: scalar,
        /** starter or nonstarter. */
        status: scalar,
        score: measured,
        gameSecondsRemaining: measured,
      }),
    ),
  }).transform((p) => p.player),
});
export type MflLiveFranchise = z.output<typeof liveFranchiseSchema>;

const liveScoringSchema = z
  .object({
    week: measured,
    matchup: list(z.object({ franchise: list(liveFranchiseSchema) })),
    franchise: list(liveFranchiseSchema),
  })
  .transform((p) => {
    const matchups = p.matchup.map((m) => ({ franchises: m.franchise }));
    // Every franchise, from the matchups and (weeks without matchups) listed directly.
    return { week: p.week, matchups, franchises: [...matchups.flatMap((m) => m.franchises), ...p.franchise] };
  });
export type MflLiveScoring = z.output<typeof liveScoringSchema>;

export const readLiveScoring = reader('liveScoring', liveScoringSchema);

const weeklyFranchiseSchema = z
  .object({
    id: scalar,
    score: measured,
    result: optScalar,
    isHome: yes,
    starters: idList,
    nonstarters: idList,
    optimal: idList,
    opt_pts: measured,
    comments: optScalar,
    player: list(z.object({ id: scalar, score: measured, status: scalar, shouldStart: yes })),
  })
  .transform(({ player, ...franchise }) => ({ ...franchise, players: player }));
export type MflWeeklyFranchise = z.output<typeof weeklyFranchiseSchema>;

const weeklyResultsSchema = z
  .object({
    week: measured,
    matchup: list(
      z.object({
        regularSeason: z.preprocess((v) => v === undefined || isYes(v), z.boolean()),
        franchise: list(weeklyFranchiseSchema),
      }),
    ),
    franchise: list(weeklyFranchiseSchema),
  })
  .transform((p) => {
    const matchups = p.matchup.map((m) => ({ regularSeason: m.regularSeason, franchises: m.franchise }));
    return { week: p.week, matchups, franchises: [...matchups.flatMap((m) => m.franchises), ...p.franchise] };
  });
export type MflWeeklyResults = z.output<typeof weeklyResultsSchema>;

export const readWeeklyResults = reader('weeklyResults', weeklyResultsSchema);

const nflWeekSchema = z
  .object({
    /** 0 off-season. */
    week: measured.transform((w) => w ?? 0),
    matchup: list(
      z
        .object({
          /** Epoch seconds. */
          kickoff: measured,
          /** 3600 before kickoff, 0 when final. */
          gameSecondsRemaining: measured,
          team: list(
            z.object({
              id: scalar,
              isHome: yes,
              score: measured,
              spread: optScalar,
              hasPossession: yes,
              inRedZone: yes,
            }),
          ),
        })
        .transform(({ team, ...game }) => ({ ...game, teams: team })),
    ),
  })
  .transform((p) => ({ week: p.week, games: p.matchup }));
export type MflNflWeek = z.output<typeof nflWeekSchema>;

export const readNflSchedule = reader('nflSchedule', nflWeekSchema);

/** W=ALL answers `fullNflSchedule: { nflSchedule: [ {week, matchup…}, … ] }`. */
export const readFullNflSchedule = reader(
  'fullNflSchedule',
  z.object({ nflSchedule: list(nflWeekSchema) }).transform((p) => p.nflSchedule),
);

const playerStatusSchema = z.object({
  id: scalar,
  /** "Free Agent", a franchise name (maybe with " - S"/" - NS"), or "League Does Not Use This Position". */
  status: z.preprocess((v) => text(v) || str(v), z.string()),
});
export type MflPlayerStatus = z.output<typeof playerStatusSchema>;

/** One id answers `playerStatus: {…}`; several answer `playerStatuses: { playerStatus: […] }`. */
export function readPlayerStatuses(body: unknown): MflPlayerStatus[] {
  const b = checkBody(body);
  const rows = isRecord(b.playerStatuses) ? b.playerStatuses.playerStatus : b.playerStatus;
  return list(playerStatusSchema).parse(rows);
}

const freeAgentUnitSchema = z
  .object({
    unit: optScalar,
    player: list(z.object({ id: scalar, status: optScalar, salary: optScalar })),
  })
  .transform((u) => u.player.map((p) => ({ id: p.id, unit: u.unit, status: p.status, salary: p.salary })));
export type MflFreeAgent = z.output<typeof freeAgentUnitSchema>[number];

export const readFreeAgents = reader(
  'freeAgents',
  z.object({ leagueUnit: list(freeAgentUnitSchema) }).transform((p) => p.leagueUnit.flat()),
);

const draftPickSchema = z.object({
  franchise: scalar,
  /** Zero-padded as MFL sends them ("01"). */
  round: scalar,
  pick: scalar,
  /** Empty until the pick is made. */
  player: scalar,
  timestamp: optScalar,
  comments: optScalar,
});
export type MflDraftPick = z.output<typeof draftPickSchema>;

const draftUnitSchema = z
  .object({ unit: optScalar, draftType: optScalar, draftPick: list(draftPickSchema) })
  .transform(({ draftPick, ...unit }) => ({ ...unit, picks: draftPick }));
export type MflDraftUnit = z.output<typeof draftUnitSchema>;

export const readDraftResults = reader(
  'draftResults',
  z.object({ draftUnit: list(draftUnitSchema) }).transform((p) => p.draftUnit),
);

/**
 * One auction sale. Not in the recorded set: the shape as other clients read MFL's documented
 * `auctionResults` export (auctionUnit with unit; auction rows with the winning bid and times).
 */
const auctionSchema = z.object({
  player: scalar,
  franchise: optScalar,
  winningBid: optScalar,
  /** Epoch seconds. */
  timeStarted: optScalar,
  lastBidTime: optScalar,
});
export type MflAuction = z.output<typeof auctionSchema>;

const auctionUnitSchema = z
  .object({ unit: optScalar, auction: list(auctionSchema) })
  .transform(({ auction, ...unit }) => ({ ...unit, auctions: auction }));
export type MflAuctionUnit = z.output<typeof auctionUnitSchema>;

export const readAuctionResults = reader(
  'auctionResults',
  z.object({ auctionUnit: list(auctionUnitSchema) }).transform((p) => p.auctionUnit),
);

/** One scoring rule: the stat event (CC = a catch), the range it applies in and its points ("*1", ".1/1", "6"). */
const scoringRuleSchema = z.object({ event: textNode, points: textNode, range: textNode });
export type MflScoringRule = z.output<typeof scoringRuleSchema>;

const positionRulesSchema = z
  .object({
    /** Positions joined with "|" ("QB|RB|WR|TE"). */
    positions: scalar,
    rule: list(scoringRuleSchema),
  })
  .transform((p) => ({ positions: p.positions, rules: p.rule }));
export type MflPositionRules = z.output<typeof positionRulesSchema>;

export const readRules = reader(
  'rules',
  z.object({ positionRules: list(positionRulesSchema) }).transform((p) => p.positionRules),
);

const adpPlayerSchema = z.object({
  id: scalar,
  rank: measured,
  averagePick: measured,
  minPick: measured,
  maxPick: measured,
  draftsSelectedIn: measured,
  draftSelPct: measured,
});
export type MflAdpPlayer = z.output<typeof adpPlayerSchema>;

/**
 * TYPE=adp: MFL's aggregate over public drafts. `timestamp` (epoch seconds) is when MFL made the
 * answer, not the newest draft's time; one player collapses to a bare object.
 */
const adpSchema = z
  .object({
    timestamp: measured,
    totalDrafts: measured.transform((n) => n ?? 0),
    totalPicks: measured.transform((n) => n ?? 0),
    player: list(adpPlayerSchema),
  })
  .transform(({ player, ...adp }) => ({ ...adp, players: player }));
export type MflAdp = z.output<typeof adpSchema>;

export const readAdp = reader('adp', adpSchema);

/**
 * One trade of `TYPE=transactions&TRANS_TYPE=TRADE`: two franchises and what each gave up, as MFL
 * lists assets ("13418,FP_0008_2022_3,DP_1_4,BB_10,"). `franchise` is the first franchise.
 */
const tradeRowSchema = z.object({
  type: scalar,
  franchise: scalar,
  franchise2: scalar,
  franchise1_gave_up: idList,
  franchise2_gave_up: idList,
  /** Epoch seconds. */
  timestamp: scalar,
});
export type MflTradeRow = z.output<typeof tradeRowSchema>;

export const readTrades = reader(
  'transactions',
  z.object({ transaction: list(tradeRowSchema) }).transform((p) => p.transaction),
);
