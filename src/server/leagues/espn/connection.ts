import { z } from 'zod';
import { leagueError } from '../errors.ts';
import type { EspnAuth } from './client.ts';

/*
 * An ESPN connection as it is kept (sealed on a site account, or in the visitor's httpOnly cookie):
 * its leagues with the member's team in each, the member's cookies when given, and its label. ESPN
 * has no log-in the site could hold: the leagues and cookies are the connection.
 */

export interface EspnConnection {
  auth?: EspnAuth;
  leagues: { league_id: string; team_id: string }[];
  label: string;
}

const kept = z.object({
  s: z.string().optional(),
  k: z.string().optional(),
  l: z.array(z.tuple([z.string().regex(/^\d{1,12}$/), z.string().regex(/^\d{1,4}$/)])).max(100),
  n: z.string().max(200),
});

export const encodeEspnConnection = (c: EspnConnection) =>
  JSON.stringify({
    ...(c.auth ? { s: c.auth.swid, k: c.auth.espnS2 } : {}),
    l: c.leagues.map((l) => [l.league_id, l.team_id]),
    n: c.label,
  });

/** The kept connection; one that does not read (an old or altered cookie) asks to connect again. */
export function decodeEspnConnection(credential: string): EspnConnection {
  let parsed: z.infer<typeof kept> | undefined;
  try {
    parsed = kept.safeParse(JSON.parse(credential)).data;
  } catch {
    parsed = undefined;
  }
  if (!parsed)
    throw leagueError('espn', 'not-logged-in', 'Connect ESPN again: this connection could not be read.');
  return {
    auth: parsed.s && parsed.k ? { swid: parsed.s, espnS2: parsed.k } : undefined,
    leagues: parsed.l.map(([league_id, team_id]) => ({ league_id, team_id })),
    label: parsed.n,
  };
}

/** The service's account a connection stands for: the member, or (without cookies) its leagues. */
export const espnAccountOf = (c: EspnConnection) =>
  c.auth?.swid ??
  `leagues:${c.leagues
    .map((l) => l.league_id)
    .sort()
    .join(',')}`;
