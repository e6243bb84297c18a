import { z } from 'zod';

/*
 * What Fleaflicker sends, with its own field names (the injury abbreviation really is spelled
 * `typeAbbreviaition`). Ids are numbers on the wire; members the app does not read are dropped.
 */

const formatted = z.object({ value: z.number().nullish(), formatted: z.string().nullish() }).nullish();

export const fleaInjurySchema = z.object({
  typeAbbreviaition: z.string().nullish(),
  typeFull: z.string().nullish(),
  severity: z.string().nullish(),
  description: z.string().nullish(),
});

export const fleaProPlayerSchema = z.object({
  id: z.number(),
  nameFull: z.string().nullish(),
  nameShort: z.string().nullish(),
  nameFirst: z.string().nullish(),
  nameLast: z.string().nullish(),
  position: z.string().nullish(),
  positionEligibility: z.array(z.string()).nullish(),
  proTeamAbbreviation: z.string().nullish(),
  nflByeWeek: z.number().nullish(),
  headshotUrl: z.string().nullish(),
  isRookie: z.boolean().nullish(),
  injury: fleaInjurySchema.nullish(),
  /** Present with external_id_type=SPORTRADAR. */
  externalIds: z.array(z.object({ id: z.string() })).nullish(),
});
export type FleaProPlayer = z.infer<typeof fleaProPlayerSchema>;

export const fleaTeamSchema = z.object({
  id: z.number(),
  name: z.string().nullish(),
  initials: z.string().nullish(),
  logoUrl: z.string().nullish(),
  recordOverall: z
    .object({
      wins: z.number().nullish(),
      losses: z.number().nullish(),
      ties: z.number().nullish(),
      formatted: z.string().nullish(),
    })
    .nullish(),
  pointsFor: formatted,
  pointsAgainst: formatted,
});

export const fleaRosterPositionSchema = z.object({
  label: z.string(),
  /** START, INJURED, TAXI…; the bench row ("BN") has none. */
  group: z.string().nullish(),
  eligibility: z.array(z.string()).nullish(),
  min: z.number().nullish(),
  max: z.number().nullish(),
  /** How many of this slot start. */
  start: z.number().nullish(),
});
export type FleaRosterPosition = z.infer<typeof fleaRosterPositionSchema>;

export const fleaUserLeagueSchema = z.object({
  id: z.number(),
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  logoUrl: z.string().nullish(),
  size: z.number().nullish(),
  capacity: z.number().nullish(),
  maxKeepers: z.number().nullish(),
  activeForCurrentSeason: z.boolean().nullish(),
  draftStatus: z.string().nullish(),
  membershipType: z.string().nullish(),
  ownedTeam: fleaTeamSchema.nullish(),
  rosterRequirements: z
    .object({
      rosterSize: z.number().nullish(),
      starterCount: z.number().nullish(),
      benchCount: z.number().nullish(),
      reserveCount: z.number().nullish(),
      positions: z.array(fleaRosterPositionSchema).nullish(),
    })
    .nullish(),
});
export type FleaUserLeague = z.infer<typeof fleaUserLeagueSchema>;

/** A missing `leagues` member means the e-mail has no leagues. */
export const fleaUserLeaguesSchema = z.object({
  season: z.number().nullish(),
  leagues: z
    .array(fleaUserLeagueSchema)
    .nullish()
    .transform((v) => v ?? []),
});

export const fleaRosterPlayerSchema = z.object({
  proPlayer: fleaProPlayerSchema,
  displayGroup: z.string().nullish(),
});

export const fleaLeagueRostersSchema = z.object({
  rosters: z
    .array(
      z.object({
        team: fleaTeamSchema,
        players: z
          .array(fleaRosterPlayerSchema)
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});
export type FleaLeagueRoster = z.infer<typeof fleaLeagueRostersSchema>['rosters'][number];

/** A scoring rule: `points` for every `forEvery` of a category, for the positions it applies to. */
export const fleaScoringRuleSchema = z.object({
  category: z.object({ id: z.number().nullish(), abbreviation: z.string().nullish() }).nullish(),
  points: formatted,
  forEvery: z.number().nullish(),
  pointsPer: formatted,
  applyTo: z.array(z.string()).nullish(),
  applyToAll: z.boolean().nullish(),
});
export type FleaScoringRule = z.infer<typeof fleaScoringRuleSchema>;

export const fleaLeagueRulesSchema = z.object({
  rosterPositions: z
    .array(fleaRosterPositionSchema)
    .nullish()
    .transform((v) => v ?? []),
  /** Scoring rules by group (Passing, Receiving, …). */
  groups: z
    .array(
      z.object({
        label: z.string().nullish(),
        scoringRules: z
          .array(fleaScoringRuleSchema)
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  numStarters: z.number().nullish(),
  numBench: z.number().nullish(),
  maxActive: z.number().nullish(),
  maxRosterSize: z.number().nullish(),
});
export type FleaLeagueRules = z.infer<typeof fleaLeagueRulesSchema>;

export const fleaListedPlayerSchema = z.object({
  proPlayer: fleaProPlayerSchema,
  /** Absent for a free agent. */
  owner: z.object({ id: z.number(), name: z.string().nullish(), initials: z.string().nullish() }).nullish(),
  transactionStatus: z.object({ isLineupStatusLocked: z.boolean().nullish() }).nullish(),
  seasonTotal: formatted,
  seasonAverage: formatted,
});
export type FleaListedPlayer = z.infer<typeof fleaListedPlayerSchema>;

export const fleaPlayerListingSchema = z.object({
  players: z
    .array(fleaListedPlayerSchema)
    .nullish()
    .transform((v) => v ?? []),
  resultOffsetNext: z.number().nullish(),
  resultTotal: z.number().nullish(),
});
export type FleaPlayerListing = z.infer<typeof fleaPlayerListingSchema>;

const lineupPeriod = z
  .object({
    ordinal: z.number().nullish(),
    low: z
      .object({
        ordinal: z.number().nullish(),
        season: z.number().nullish(),
        startEpochMilli: z.string().nullish(),
      })
      .nullish(),
  })
  .nullish();

export const fleaRosterSchema = z.object({
  groups: z
    .array(
      z.object({
        group: z.string().nullish(),
        slots: z
          .array(
            z.object({
              position: fleaRosterPositionSchema.nullish(),
              leaguePlayer: z
                .object({ proPlayer: fleaProPlayerSchema, viewingActualPoints: formatted })
                .nullish(),
            }),
          )
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  lineupPeriod,
});
export type FleaRoster = z.infer<typeof fleaRosterSchema>;

/**
 * One page of `FetchTrades` (filter TRADES_COMPLETED): each trade's teams and what each obtained.
 * Picks follow Fleaflicker's DraftPick (season, and the slot's round and place when the order is
 * known); times are epoch ms as strings.
 */
const fleaTradePickSchema = z.object({
  season: z.number().nullish(),
  slot: z
    .object({ round: z.number().nullish(), slot: z.number().nullish(), overall: z.number().nullish() })
    .nullish(),
  originalOwner: z.object({ id: z.number() }).nullish(),
});
export const fleaTradesSchema = z.object({
  trades: z
    .array(
      z.object({
        id: z.number(),
        status: z.string().nullish(),
        proposedOn: z.union([z.string(), z.number()]).nullish(),
        approvedOn: z.union([z.string(), z.number()]).nullish(),
        tentativeExecutionTime: z.union([z.string(), z.number()]).nullish(),
        teams: z
          .array(
            z.object({
              team: z.object({ id: z.number() }),
              playersObtained: z.array(z.object({ proPlayer: z.object({ id: z.number() }) })).nullish(),
              picksObtained: z.array(fleaTradePickSchema).nullish(),
            }),
          )
          .default([]),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  resultTotal: z.number().nullish(),
  resultOffsetNext: z.number().nullish(),
});
export type FleaTrades = z.infer<typeof fleaTradesSchema>;
export type FleaTrade = FleaTrades['trades'][number];
