import { ApiError } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import { readNdjson } from '#common/ndjson.ts';
import {
  ROSTERSHIP_STREAM_TYPE,
  type RostershipLeagueLine,
  type RostershipSummaryLine,
  rostershipAnswerSchema,
  rostershipLineSchema,
} from '#common/rostership.ts';

/**
 * POST /api/{service}/rostership for one chunk (at most 5 leagues of one service), streamed: each
 * league's answer is handed to `onLeague` the moment it lands, so a slow league never holds the
 * others back. Answers the chunk's summary. Every line is checked against the shared schema. A
 * server that answers the whole chunk as one JSON answer is read too, as one line per league.
 */
export async function fetchRostership(
  service: LeagueType,
  leagues: readonly League[],
  onLeague: (line: RostershipLeagueLine) => void,
  signal?: AbortSignal,
): Promise<RostershipSummaryLine> {
  const res = await fetch(`/api/${service}/rostership`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: `${ROSTERSHIP_STREAM_TYPE}, application/json` },
    body: JSON.stringify({ leagues: leagues.map(leagueRef) }),
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) throw await errorOf(res);
  if (!(res.headers.get('content-type') ?? '').startsWith(ROSTERSHIP_STREAM_TYPE))
    return fromWholeAnswer(service, leagues, await res.json(), onLeague);
  if (!res.body) throw new Error('Could not load these leagues');
  let summary: RostershipSummaryLine | undefined;
  for await (const value of readNdjson(res.body)) {
    const line = rostershipLineSchema.parse(value);
    if (line.kind === 'league') onLeague(line);
    else summary = line;
  }
  // The stream ended early (the connection dropped): the leagues not yet answered failed.
  if (!summary) throw new Error('Could not load these leagues');
  return summary;
}

async function errorOf(res: Response): Promise<ApiError> {
  let message = res.statusText || `Request failed (${res.status})`;
  try {
    const data = (await res.json()) as { error?: string } | null;
    if (data?.error) message = data.error;
  } catch {
    // Not JSON: the status text stands.
  }
  return new ApiError(res.status, message);
}

/** A whole-chunk JSON answer, handed on league by league. */
function fromWholeAnswer(
  service: LeagueType,
  leagues: readonly League[],
  data: unknown,
  onLeague: (line: RostershipLeagueLine) => void,
): RostershipSummaryLine {
  const answer = rostershipAnswerSchema.parse(data);
  for (const league of leagues) {
    const failed = answer.failed.filter((f) => f.league_id === league.league_id);
    const read = failed.length === 0;
    onLeague({
      kind: 'league',
      league_id: league.league_id,
      leagues: read ? 1 : 0,
      players: read
        ? answer.players.flatMap((p) => {
            const mine = p.leagues.filter((l) => l.type === service && l.league_id === league.league_id);
            return mine.length > 0 ? [{ ...p, leagues: mine }] : [];
          })
        : [],
      failed,
      missing: read ? answer.missing : [],
    });
  }
  return { kind: 'summary', leagues: answer.leagues, failed: answer.failed.length, missing: answer.missing };
}
