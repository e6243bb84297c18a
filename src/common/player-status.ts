import { z } from 'zod';
import { extraKinds } from './extras.ts';
import { chunkLeaguesSchema } from './league-chunks.ts';
import {
  espnLeagueRefSchema,
  fleaLeagueRefSchema,
  leagueTypes,
  mflLeagueRefSchema,
  sleeperLeagueRefSchema,
} from './leagues.ts';
import { text } from './text.ts';

/** The league name the page already has; echoed back so each row is labelled without another call. */
const nameField = { name: text().max(200).optional() };

/** A league of any service, tagged with its type: one request may hold leagues of several services. */
export const statusLeagueRefSchema = z.discriminatedUnion('type', [
  mflLeagueRefSchema.extend({ type: z.literal('mfl'), ...nameField }),
  sleeperLeagueRefSchema.extend({ type: z.literal('sleeper'), ...nameField }),
  fleaLeagueRefSchema.extend({ type: z.literal('flea'), ...nameField }),
  espnLeagueRefSchema.extend({ type: z.literal('espn'), ...nameField }),
]);
export type StatusLeagueRef = z.infer<typeof statusLeagueRefSchema>;

/** POST /api/players/status. `player` is an id from GET /api/players (MFL id or `sleeper:…`/`flea:…`). */
export const playerStatusRequestSchema = z.object({
  player: z.string().regex(/^(?:(?:sleeper|flea):)?[A-Za-z0-9]{1,24}$/, 'Not a player id.'),
  /**
   * The player as the page's list showed him. The server's merged list decides when it has him;
   * when that list cannot be read right now, these ids and name still find him on each service.
   */
  known: z
    .object({
      name: text().max(100),
      position: text().max(10),
      team: text().max(5),
      mfl_id: z
        .string()
        .regex(/^\d{1,10}$/)
        .optional(),
      sleeper_id: z
        .string()
        .regex(/^[A-Za-z0-9]{1,24}$/)
        .optional(),
      flea_id: z
        .string()
        .regex(/^\d{1,12}$/)
        .optional(),
      espn_id: z
        .string()
        .regex(/^\d{1,12}$/)
        .optional(),
    })
    .optional(),
  leagues: chunkLeaguesSchema(statusLeagueRefSchema),
});

export const playerStatusSchema = z.object({
  /** FA: free agent; NA: the league does not use his position; NL: the service does not list him; else the team holding him. */
  status: z.string(),
  /** Where to add (or drop) him on the service, when it has such a page. */
  addDropUrl: z.string().optional(),
  /** The visitor's own team holds him. */
  mine: z.boolean().optional(),
  /** He starts for the team holding him this week (when the service says). */
  starter: z.boolean().optional(),
});
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

export const leagueStatusSchema = z.object({
  name: z.string(),
  url: z.string(),
  type: z.enum(leagueTypes),
  league_id: z.string(),
  /** The label of the saved league account the league was read through (signed-in users). */
  account: z.string().optional(),
  playerStatus: playerStatusSchema.optional(),
  /** Set instead of playerStatus when this league could not be read. */
  error: z.string().optional(),
  /** Extras left out of this row because their call failed. */
  missing: z.array(z.enum(extraKinds)).optional(),
});
export type LeagueStatus = z.infer<typeof leagueStatusSchema>;

import { FREE_AGENT, NOT_AVAILABLE } from './player-status-text.ts';

/**
 * Reads MFL's playerStatus words: "Free Agent", "League Does Not Use This Position", or the
 * franchise name, optionally with " - S" (starter) or " - NS" (non-starter).
 */
export function readMflStatus(raw: string, myFranchiseName?: string): PlayerStatus {
  const words = raw.trim();
  if (/^free agent$/i.test(words)) return { status: FREE_AGENT };
  if (!words || /does not use/i.test(words)) return { status: NOT_AVAILABLE };
  const m = /^(.*?)\s+-\s+(S|NS)$/.exec(words);
  const team = (m ? m[1] : words).trim();
  const status: PlayerStatus = { status: team };
  if (m) status.starter = m[2] === 'S';
  if (myFranchiseName && team === myFranchiseName.trim()) status.mine = true;
  return status;
}

/** Which position groups each Sleeper roster slot takes (bench, IR and taxi take anyone but start no one). */
const sleeperSlots: Record<string, string[]> = {
  QB: ['QB'],
  RB: ['RB'],
  WR: ['WR'],
  TE: ['TE'],
  K: ['K'],
  P: ['P'],
  DEF: ['DEF'],
  FLEX: ['RB', 'WR', 'TE'],
  WRRB_FLEX: ['RB', 'WR'],
  REC_FLEX: ['WR', 'TE'],
  SUPER_FLEX: ['QB', 'RB', 'WR', 'TE'],
  DL: ['DL'],
  LB: ['LB'],
  DB: ['DB'],
  IDP_FLEX: ['DL', 'LB', 'DB'],
};

/** Whether a Sleeper league with these roster slots uses a player of this position group. */
export function sleeperUsesFamily(rosterPositions: readonly string[] | null | undefined, family: string) {
  if (!rosterPositions || rosterPositions.length === 0) return true;
  return rosterPositions.some((slot) => sleeperSlots[slot.toUpperCase()]?.includes(family));
}
