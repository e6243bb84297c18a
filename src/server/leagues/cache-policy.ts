import { createHash } from 'node:crypto';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** How long league data stays fresh, by how fast it changes. */
export const ttl = {
  /** Player databases change about once a day. */
  playerDatabase: 24 * hour,
  /** Starter slots, scoring and franchises change a few times a season. */
  leagueSettings: 3 * hour,
  /** Which leagues an account is in. */
  leagueList: 10 * minute,
  rosters: 3 * minute,
  /** Free agency, player statuses, injuries. */
  statuses: 3 * minute,
  projections: 30 * minute,
  /** Scores and game clocks during games. */
  live: 15 * second,
  /** Kickoff times and byes for the whole season. */
  season: 6 * hour,
  currentWeek: 10 * minute,
  drafts: 30 * minute,
  /** MFL's aggregate ADP moves slowly: a few hundred drafts a day against thousands counted. */
  adp: 6 * hour,
  user: 1 * hour,
} as const;

/**
 * A cache-key part standing for a credential (a cookie, an e-mail): one-way, so the key neither
 * reveals it nor lets one visitor's data be served to another.
 */
export function privateScope(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 22);
}
