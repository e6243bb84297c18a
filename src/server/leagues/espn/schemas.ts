import { z } from 'zod';

/*
 * What ESPN's read API sends (v3, games/ffl), only the fields the site reads; ESPN adds fields
 * freely, so objects are not strict. One league URL answers with different payloads per `view=`.
 */

export const espnMemberSchema = z.object({
  id: z.string(),
  displayName: z.string().optional(),
});

export const espnPlayerSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  defaultPositionId: z.number().int(),
  proTeamId: z.number().int(),
  injuryStatus: z.string().optional(),
  eligibleSlots: z.array(z.number().int()).optional(),
});

export const espnRosterEntrySchema = z.object({
  playerId: z.number().int(),
  lineupSlotId: z.number().int(),
  injuryStatus: z.string().optional(),
  /** The player as the league sees him (name, position, NFL team, injury). */
  playerPoolEntry: z.object({ player: espnPlayerSchema }).optional(),
});

export const espnTeamSchema = z.object({
  id: z.number().int(),
  abbrev: z.string().optional(),
  location: z.string().optional(),
  nickname: z.string().optional(),
  name: z.string().optional(),
  owners: z.array(z.string()).optional(),
  primaryOwner: z.string().optional(),
  /** Only with view=mRoster. */
  roster: z.object({ entries: z.array(espnRosterEntrySchema) }).optional(),
});

/** The league with view=mTeam, mRoster and/or mSettings. */
export const espnLeagueSchema = z.object({
  id: z.number().int(),
  seasonId: z.number().int(),
  scoringPeriodId: z.number().int(),
  members: z.array(espnMemberSchema).optional(),
  teams: z.array(espnTeamSchema).optional(),
  settings: z
    .object({
      name: z.string().optional(),
      rosterSettings: z.object({ lineupSlotCounts: z.record(z.string(), z.number().int()) }).optional(),
      /** Teams in the league. */
      size: z.number().int().optional(),
      /** Points per stat (statId 53: a reception), and per lineup slot where they differ (6: TE). */
      scoringSettings: z
        .object({
          scoringItems: z.array(
            z.object({
              statId: z.number().int(),
              points: z.number(),
              pointsOverrides: z.record(z.string(), z.number()).optional(),
            }),
          ),
        })
        .optional(),
    })
    .optional(),
});

/** view=kona_player_info, filtered by the x-fantasy-filter header. */
export const espnPlayerInfoSchema = z.object({
  players: z.array(
    z.object({
      id: z.number().int(),
      onTeamId: z.number().int(),
      /** ONTEAM, FREEAGENT or WAIVERS. */
      status: z.string(),
      player: espnPlayerSchema,
    }),
  ),
});

/** GET seasons/<y>?view=proTeamSchedules_wl: each NFL team's bye week (id 0 is "free agent"). */
export const espnProScheduleSchema = z.object({
  settings: z.object({
    proTeams: z.array(
      z.object({
        id: z.number().int(),
        abbrev: z.string(),
        byeWeek: z.number().int(),
        /** Each week's game: its kickoff (epoch ms) and the two teams. */
        proGamesByScoringPeriod: z
          .record(
            z.string(),
            z.array(
              z.object({
                date: z.number(),
                homeProTeamId: z.number().int(),
                awayProTeamId: z.number().int(),
              }),
            ),
          )
          .optional(),
      }),
    ),
  }),
});

/**
 * The fan API's document (fan.api.espn.com/apis/v2/fans/<SWID>): each fantasy entry of the member,
 * with the leagues ("groups") it plays in. No recording of it exists: every field is optional, and
 * what is missing is simply not found.
 */
export const espnFanSchema = z.object({
  preferences: z
    .array(
      z.object({
        metaData: z
          .object({
            entry: z
              .object({
                abbrev: z.string().optional(),
                entryId: z.number().int().optional(),
                seasonId: z.number().int().optional(),
                groups: z
                  .array(
                    z.object({
                      groupId: z.union([z.number().int(), z.string().regex(/^\d{1,12}$/)]).optional(),
                      groupName: z.string().optional(),
                    }),
                  )
                  .optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

/** ESPN's error answer (401 private league, 404 unknown league, 400 bad filter). */
export const espnErrorSchema = z.object({
  details: z.array(z.object({ type: z.string(), message: z.string().optional() })),
});

export type EspnLeague = z.infer<typeof espnLeagueSchema>;
export type EspnPlayer = z.infer<typeof espnPlayerSchema>;
export type EspnPlayerInfo = z.infer<typeof espnPlayerInfoSchema>;
export type EspnProSchedule = z.infer<typeof espnProScheduleSchema>;
