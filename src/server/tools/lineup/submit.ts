import type { LineupSubmitAnswer } from '#common/lineup.ts';
import { isLeagueError } from '#server/leagues/errors.ts';
import type { MflClient } from '#server/leagues/mfl/client.ts';
import type { MflPlayer } from '#server/leagues/mfl/schemas.ts';
import { readStarters } from '#server/tools/shared/mfl-starters.ts';
import { displayName } from './build.ts';
import type { OwnLeague } from './load.ts';

/**
 * Sends the lineup to MFL, then reads the week back: MFL has been known to answer OK to an import it
 * did not carry out, and the visitor must not be told "Success!" for a lineup that is not set.
 * MFL's refusal is an answer, not a failure of ours: it comes back as { ok: false, error }.
 */
export async function submitLineup(
  mfl: MflClient,
  cookie: string,
  league: OwnLeague,
  lineup: { week: number; starters: string[] },
): Promise<LineupSubmitAnswer> {
  try {
    await mfl.importLineup(league, cookie, lineup);
  } catch (e) {
    if (isLeagueError(e, 'rejected') && e.statusCode === 400) return { ok: false, error: e.message };
    throw e;
  }
  const { starters } = await readStarters(mfl, league, lineup.week, cookie);
  const wanted = new Set(lineup.starters);
  const missing = lineup.starters.filter((id) => !starters.has(id));
  const extra = [...starters].filter((id) => !wanted.has(id));
  if (missing.length === 0 && extra.length === 0) return { ok: true };

  const players = await mfl.playersById([...missing, ...extra]).catch(() => new Map<string, MflPlayer>());
  const names = (ids: string[]) =>
    ids.map((id) => displayName(players.get(id)?.name ?? `player ${id}`)).join(', ');
  const parts = [
    missing.length ? `not starting ${names(missing)}` : '',
    extra.length ? `still starting ${names(extra)}` : '',
  ].filter(Boolean);
  return {
    ok: false,
    error: `MFL answered OK but did not save this lineup (${parts.join('; ')}). Check it on MFL and try again.`,
  };
}
