import { type LeagueType, leagueTypeLabel } from './league-types.ts';

/*
 * The Status Checker's words for a player's status in a league. Free of schemas (those are in
 * player-status.ts), so the page does not load zod with them (decision 039).
 */

export const FREE_AGENT = 'FA';
/** The league does not use the player's position. */
export const NOT_AVAILABLE = 'NA';
/** The league's service does not list the player at all. */
export const NOT_LISTED = 'NL';

/** What the Status column says; `type` names the service for a player it does not list. */
export function statusText(
  s: { status: string; mine?: boolean; starter?: boolean },
  type?: LeagueType,
): string {
  if (s.status === FREE_AGENT) return 'Free Agent';
  if (s.status === NOT_AVAILABLE) return 'Not available: this league does not use his position';
  if (s.status === NOT_LISTED)
    return `Not available: ${type ? leagueTypeLabel[type] : 'this service'} does not list this player`;
  const role = s.starter === undefined ? '' : s.starter ? ' (starter)' : ' (bench)';
  return s.mine ? `On my team${role}` : `Rostered by ${s.status}${role}`;
}
