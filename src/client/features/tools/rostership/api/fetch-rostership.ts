import { api } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import type { RostershipAnswer } from '#common/rostership.ts';

/** POST /api/{service}/rostership for one chunk (at most 5 leagues of one service). */
export function fetchRostership(
  service: LeagueType,
  leagues: readonly League[],
  signal?: AbortSignal,
): Promise<RostershipAnswer> {
  return api<RostershipAnswer>(`${service}/rostership`, {
    body: { leagues: leagues.map(leagueRef) },
    signal,
  });
}
