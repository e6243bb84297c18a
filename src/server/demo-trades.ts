import type { Cache } from './cache.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { LeagueServicesOptions } from './leagues/services.ts';
import { type DueLeague, readLeagueTrades } from './market/trades/job.ts';
import { leagueServicesFor } from './runtime.ts';

/*
 * The demo's trades: the trades job reads a league's trades once Rookie ADP has read the league, and
 * looks for such leagues hourly, so a fresh demo would show no values for its first hour. At start the
 * demo reads the simulator's leagues that traded through the job's own reader (which also notes
 * them as read, so the job does not read them twice); the values job fits them within minutes.
 */
export async function seedDemoTrades(
  opts: { db: Db; cache: Cache; config: Config; limits?: LeagueServicesOptions['limits'] },
  leagues: readonly Pick<DueLeague, 'service' | 'leagueId' | 'url'>[],
): Promise<number> {
  const services = leagueServicesFor(opts.config, opts.cache, { limits: opts.limits });
  let stored = 0;
  for (const l of leagues) {
    const r = await readLeagueTrades({ db: opts.db, services }, { ...l, lastRound: null, failures: 0 });
    stored += r.stored;
  }
  return stored;
}
