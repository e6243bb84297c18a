import { z } from 'zod';

/*
 * What Sleeper sends, as far as the app reads it (unknown members are dropped). Sleeper fills many
 * members with null, so everything but the ids is nullish. Ids are strings (large integers that a
 * JavaScript number would corrupt).
 */

const id = z.string().min(1);
/** External ids arrive as numbers or strings depending on the provider; kept as trimmed strings. */
const externalId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null || String(v).trim() === '' ? undefined : String(v).trim()));
const count = z.number().nullish();
const ids = z.array(z.string()).nullish();

export const sleeperUserSchema = z.object({
  user_id: id,
  username: z.string().nullish(),
  display_name: z.string().nullish(),
  avatar: z.string().nullish(),
  is_bot: z.boolean().nullish(),
});
export type SleeperUser = z.infer<typeof sleeperUserSchema>;

export const sleeperLeagueSchema = z.object({
  league_id: id,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  season: z.string().nullish(),
  season_type: z.string().nullish(),
  status: z.string().nullish(),
  sport: z.string().nullish(),
  total_rosters: count,
  draft_id: z.string().nullish(),
  previous_league_id: z.string().nullish(),
  avatar: z.string().nullish(),
  roster_positions: ids,
  settings: z
    .object({
      best_ball: count,
      type: count,
      taxi_slots: count,
      reserve_slots: count,
      num_teams: count,
      playoff_week_start: count,
      start_week: count,
    })
    .nullish(),
  scoring_settings: z.record(z.string(), z.number().nullable()).nullish(),
});
export type SleeperLeague = z.infer<typeof sleeperLeagueSchema>;

export const sleeperRosterSchema = z.object({
  roster_id: z.number(),
  owner_id: z.string().nullish(),
  co_owners: ids,
  league_id: z.string().nullish(),
  /** null before the draft. */
  players: ids,
  /** "0" marks an empty starting slot. */
  starters: ids,
  reserve: ids,
  taxi: ids,
  keepers: ids,
  settings: z
    .object({
      wins: count,
      losses: count,
      ties: count,
      fpts: count,
      fpts_decimal: count,
      fpts_against: count,
      fpts_against_decimal: count,
    })
    .nullish(),
});
export type SleeperRoster = z.infer<typeof sleeperRosterSchema>;

export const sleeperLeagueUserSchema = z.object({
  user_id: id,
  display_name: z.string().nullish(),
  avatar: z.string().nullish(),
  is_owner: z.boolean().nullish(),
  is_bot: z.boolean().nullish(),
  metadata: z.object({ team_name: z.string().nullish() }).nullish(),
});
export type SleeperLeagueUser = z.infer<typeof sleeperLeagueUserSchema>;

export const sleeperStateSchema = z.object({
  week: z.number(),
  leg: count,
  season: z.string(),
  season_type: z.string().nullish(),
  league_season: z.string().nullish(),
  previous_season: z.string().nullish(),
  season_start_date: z.string().nullish(),
  display_week: count,
  league_create_season: z.string().nullish(),
  season_has_scores: z.boolean().nullish(),
});
export type SleeperState = z.infer<typeof sleeperStateSchema>;

/** One entry of /players/nfl, reduced to identity, team and health (the full map is ~13 MB). */
export const sleeperPlayerSchema = z.object({
  player_id: id,
  full_name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  position: z.string().nullish(),
  fantasy_positions: ids,
  team: z.string().nullish(),
  number: z.union([z.number(), z.string()]).nullish(),
  age: count,
  /** YYYY-MM-DD. */
  birth_date: z.string().nullish(),
  years_exp: count,
  status: z.string().nullish(),
  active: z.boolean().nullish(),
  injury_status: z.string().nullish(),
  injury_body_part: z.string().nullish(),
  /** Sleeper's own order of the players (lower first; 9999999 for the unranked). */
  search_rank: count,
  espn_id: externalId,
  yahoo_id: externalId,
  sportradar_id: externalId,
  gsis_id: externalId,
  rotowire_id: externalId,
  stats_id: externalId,
  fantasy_data_id: externalId,
});
export type SleeperPlayer = z.infer<typeof sleeperPlayerSchema>;

export const sleeperDraftSchema = z.object({
  draft_id: id,
  league_id: z.string().nullish(),
  season: z.string().nullish(),
  status: z.string().nullish(),
  type: z.string().nullish(),
  start_time: count,
  /** `budget`: an auction's budget per team. */
  settings: z.object({ rounds: count, teams: count, player_type: count, budget: count }).nullish(),
  metadata: z.object({ scoring_type: z.string().nullish(), name: z.string().nullish() }).nullish(),
  /** The order, once set: user id to draft slot. */
  draft_order: z.record(z.string(), z.number().nullable()).nullish(),
  /** The order, once set: draft slot to roster id. */
  slot_to_roster_id: z.record(z.string(), z.number().nullable()).nullish(),
});
export type SleeperDraft = z.infer<typeof sleeperDraftSchema>;

export const sleeperDraftPickSchema = z.object({
  draft_id: z.string().nullish(),
  round: z.number(),
  pick_no: z.number(),
  draft_slot: count,
  roster_id: count,
  picked_by: z.string().nullish(),
  player_id: z.string(),
  is_keeper: z.boolean().nullish(),
  metadata: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      position: z.string().nullish(),
      team: z.string().nullish(),
      years_exp: z.string().nullish(),
      /** An auction's price, as a string ("57"). */
      amount: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});
export type SleeperDraftPick = z.infer<typeof sleeperDraftPickSchema>;

/**
 * One entry of `/league/<id>/transactions/<round>`: trades, waivers, free agents and commissioner
 * moves alike. `adds` maps a player to the roster that received him; each draft pick names its
 * original roster (`roster_id`) and its new owner (`owner_id`); FAAB moves from sender to receiver.
 */
export const sleeperTransactionSchema = z.object({
  transaction_id: id,
  type: z.string().nullish(),
  status: z.string().nullish(),
  /** Epoch ms. */
  status_updated: count,
  created: count,
  roster_ids: z.array(z.number()).nullish(),
  adds: z.record(z.string(), z.number().nullable()).nullish(),
  drops: z.record(z.string(), z.number().nullable()).nullish(),
  draft_picks: z
    .array(
      z.object({
        season: z.union([z.string(), z.number()]).nullish(),
        round: count,
        roster_id: count,
        previous_owner_id: count,
        owner_id: count,
      }),
    )
    .nullish(),
  waiver_budget: z.array(z.object({ sender: count, receiver: count, amount: count })).nullish(),
});
export type SleeperTransaction = z.infer<typeof sleeperTransactionSchema>;
