import { ADP_LEAGUE_SIZES, ADP_LEAGUE_TYPES, type AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { queryAdp } from '#server/tools/rookie-adp/adp-query.ts';

/*
 * The site's ADP as My week ranks free agents by. Today that is rookie ADP (every league size and
 * type, the last year, MFL's and Sleeper's drafts under their own ids); startup ADP for veterans
 * slots in here when the site has it, and nothing else changes.
 */

export interface AdpIds {
  mfl_id?: string;
  sleeper_id?: string;
}

/** A player's ADP, or undefined when the site has none for him. */
export type AdpOf = (player: AdpIds) => number | undefined;

const YEAR_MS = 365 * 24 * 3600_000;
const KEEP_MS = 10 * 60_000;
const cached = new WeakMap<Db, { at: number; value: Promise<AdpOf> }>();

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function readAdp(db: Db, now: number): Promise<AdpOf> {
  const tallies = await Promise.all(
    (['mfl', 'sleeper'] as AdpService[]).map(async (service) => {
      const tally = await queryAdp(db, {
        service,
        sizes: ADP_LEAGUE_SIZES,
        types: ADP_LEAGUE_TYPES,
        idp: 0,
        ppr: 0,
        startDate: isoDay(now - YEAR_MS),
        endDate: isoDay(now),
      });
      return new Map(tally.players.map((p) => [p.id, p.adp]));
    }),
  );
  const [mfl, sleeper] = tallies;
  return (p) =>
    (p.mfl_id ? mfl.get(p.mfl_id) : undefined) ?? (p.sleeper_id ? sleeper.get(p.sleeper_id) : undefined);
}

/** The ADP lookup, read at most every 10 minutes; without the store's answer, nobody has ADP. */
export function adpLookup(db: Db, now = Date.now()): Promise<AdpOf> {
  const hit = cached.get(db);
  if (hit && now - hit.at < KEEP_MS) return hit.value;
  const value = readAdp(db, now).catch((): AdpOf => () => undefined);
  cached.set(db, { at: now, value });
  return value;
}
