import { ApiError } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import { type MyWeekLeagueLine, myWeekAnswerSchema, myWeekLeagueLineSchema } from '#common/my-week.ts';
import { readNdjson } from '#common/ndjson.ts';
import { ROSTERSHIP_STREAM_TYPE } from '#common/rostership.ts';

/**
 * POST /api/{service}/my-week for one chunk (at most 5 leagues of one service), streamed: each
 * league's line is handed to `onLeague` the moment it lands. A whole JSON answer is read too.
 */
export async function fetchMyWeek(
  service: LeagueType,
  leagues: readonly League[],
  week: number | undefined,
  onLeague: (line: MyWeekLeagueLine) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(`/api/${service}/my-week`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: `${ROSTERSHIP_STREAM_TYPE}, application/json` },
    body: JSON.stringify({ leagues: leagues.map(leagueRef), ...(week ? { week } : {}) }),
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) {
    let message = res.statusText || `Request failed (${res.status})`;
    try {
      const data = (await res.json()) as { error?: string } | null;
      if (data?.error) message = data.error;
    } catch {
      // Not JSON: the status text stands.
    }
    throw new ApiError(res.status, message);
  }
  if (!(res.headers.get('content-type') ?? '').startsWith(ROSTERSHIP_STREAM_TYPE)) {
    for (const line of myWeekAnswerSchema.parse(await res.json()).leagues) onLeague(line);
    return;
  }
  if (!res.body) throw new Error('Could not load these leagues');
  for await (const value of readNdjson(res.body)) onLeague(myWeekLeagueLineSchema.parse(value));
}
