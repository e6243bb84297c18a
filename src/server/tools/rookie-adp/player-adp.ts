import { ADP_LEAGUE_SIZES, ADP_LEAGUE_TYPES, type AdpService } from '#common/rookie-adp.ts';
import { type AdpStore, queryAdp } from '#server/adp-data/adp-query.ts';
import type { AdpIds, AdpOf } from '#server/adp-data/player-adp-lookup.ts';
import type { Db } from '#server/db/client.ts';

/*
 * The site's ADP of a player, as My week ranks free agents by (AppDeps.playerAdp): startup ADP (snake drafts; every league size and
 * type, the last year, MFL's and Sleeper's drafts under their own ids), which holds veterans and the
 * rookies startups took; else, for a rookie no startup took, rookie ADP. The two count picks of
 * different drafts, so each answer says which it is and startup ADP ranks first (compareFreeAgents).
 */

const YEAR_MS = 365 * 24 * 3600_000;
const KEEP_MS = 10 * 60_000;
const EMPTY_KEEP_MS = 30_000;
const cached = new WeakMap<Db, { at: number; value: Promise<AdpOf>; empty: boolean }>();

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function readAdp(db: Db, now: number): Promise<{ adpOf: AdpOf; empty: boolean }> {
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
    const of = (p: AdpIds) =>
      (p.mfl_id ? mfl.get(p.mfl_id) : undefined) ?? (p.sleeper_id ? sleeper.get(p.sleeper_id) : undefined);
    return { of, size: mfl.size + sleeper.size };
  };
  const [startup, rookie] = await Promise.all([
    read({ draft: 'startup', kind: 'snake' }),
    read({ draft: 'rookie' }),
  ]);
  const adpOf: AdpOf = (p) => {
    const s = startup.of(p);
    if (s !== undefined) return { adp: s, adpFrom: 'startup' };
    const r = rookie.of(p);
    return r === undefined ? undefined : { adp: r, adpFrom: 'rookie' };
  };
  return { adpOf, empty: startup.size + rookie.size === 0 };
}

/**
 * The ADP lookup, read at most every 10 minutes; without the store's answer, nobody has ADP. A store
 * with no ADP yet (a new site filling it) is asked again after 30 s rather than 10 minutes.
 */
export function adpLookup(db: Db, now = Date.now()): Promise<AdpOf> {
  const hit = cached.get(db);
  if (hit && now - hit.at < (hit.empty ? EMPTY_KEEP_MS : KEEP_MS)) return hit.value;
  const entry: { at: number; value: Promise<AdpOf>; empty: boolean } = {
    at: now,
    empty: false,
    value: readAdp(db, now).then(
      ({ adpOf, empty }) => {
        entry.empty = empty;
        return adpOf;
      },
      (): AdpOf => {
        entry.empty = true;
        return () => undefined;
      },
    ),
  };
  cached.set(db, entry);
  return entry.value;
}
