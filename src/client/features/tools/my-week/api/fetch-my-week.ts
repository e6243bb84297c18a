import { stream } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import type { MyWeekLeagueLine } from '#common/my-week.ts';
import { loadReading } from './load-reading.ts';

/**
 * POST /api/{service}/my-week for one chunk of leagues, streamed: each league's line is handed to
 * `onLine` the moment it lands, checked against the shared schema (the checks load with the first
 * request). The week is the one asked for, else the current one.
 */
export function fetchMyWeek(
  service: LeagueType,
  leagues: readonly League[],
  week: number | undefined,
  onLine: (line: MyWeekLeagueLine) => void,
  signal?: AbortSignal,
): Promise<void> {
  return stream(
    `${service}/my-week`,
    loadReading().then((reading) => reading.myWeekReading),
    onLine,
    { body: { leagues: leagues.map(leagueRef), ...(week ? { week } : {}) }, signal },
  );
}
