import type { PlayerIdentity } from '#server/leagues/players.ts';

/**
 * A player known only by the id the page sent, while the merged player list cannot name him: the
 * service his id belongs to, and nothing more. `sleeper:<id>` and `flea:<id>` name their service;
 * a bare number is MFL's. Anything else names no one.
 */
export function bareIdentity(id: string): PlayerIdentity | undefined {
  const m = /^(?:(sleeper|flea):)?([A-Za-z0-9]+)$/.exec(id);
  if (!m) return undefined;
  const base = { id, name: '', position: '', team: 'FA' };
  if (m[1] === 'sleeper') return { ...base, sleeper_id: m[2] };
  if (m[1] === 'flea') return { ...base, flea_id: m[2] };
  return /^\d+$/.test(m[2]) ? { ...base, mfl_id: m[2] } : undefined;
}
