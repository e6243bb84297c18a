import { ADP_LEAGUE_SIZES, ADP_LEAGUE_TYPES, type AdpService } from '#common/rookie-adp.ts';
import type { Db } from '#server/db/client.ts';
import { type AdpStore, queryAdp } from '#server/tools/rookie-adp/adp-query.ts';

/*
 * The site's ADP as My week ranks free agents by: startup ADP (snake drafts; every league size and
 * type, the last year, MFL's and Sleeper's drafts under their own ids), which holds veterans and the
 * rookies startups took; else, for a rookie no startup took, rookie ADP. The two count picks of
 * different drafts, so each answer says which it is and startup ADP ranks first (compareFreeAgents).
 */

export interface AdpIds {
  mfl_id?: string;
  sleeper_id?: string;
}

/** A player's ADP and the drafts it comes from, or undefined when the site has none for him. */
export type AdpOf = (player: AdpIds) => { adp: number; adpFrom: 'startup' | 'rookie' } | undefined;

const YEAR_MS = 365 * 24 * 3600_000;
const KEEP_MS = 10 * 60_000;
const cached = new WeakMap<Db, { at: number; value: Promise<AdpOf> }>();

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function readAdp(db: Db, now: number): Promise<AdpOf> {
  const filter = (service: AdpService) => ({
    service,
    sizes: ADP_LEAGUE_SIZES,
    types: ADP_LEAGUE_TYPES,
    idp: 0 as const,
    ppr: 0 as const,
    startDate: isoDay(now - YEAR_MS),
    endDate: isoDay(now),
  });
  const read = async (store: AdpStore) => {
    const [mfl, sleeper] = await Promise.all(
      (['mfl', 'sleeper'] as AdpService[]).map(async (service) => {
        const tally = await queryAdp(db, filter(service), store);
        return new Map(tally.players.map((p) => [p.id, p.adp]));
      }),
    );
    return (p: AdpIds) =>
      (p.mfl_id ? mfl.get(p.mfl_id) : undefined) ?? (p.sleeper_id ? sleeper.get(p.sleeper_id) : undefined);
  };
  const [startup, rookie] = await Promise.all([
    read({ draft: 'startup', kind: 'snake' }),
    read({ draft: 'rookie' }),
  ]);
  return (p) => {
    const s = startup(p);
    if (s !== undefined) return { adp: s, adpFrom: 'startup' };
    const r = rookie(p);
    return r === undefined ? undefined : { adp: r, adpFrom: 'rookie' };
  };
}

/** The ADP lookup, read at most every 10 minutes; without the store's answer, nobody has ADP. */
export function adpLookup(db: Db, now = Date.now()): Promise<AdpOf> {
  const hit = cached.get(db);
  if (hit && now - hit.at < KEEP_MS) return hit.value;
  const value = readAdp(db, now).catch((): AdpOf => () => undefined);
  cached.set(db, { at: now, value });
  return value;
}
