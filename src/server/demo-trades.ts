import { setJobPaused } from './adp-data/discovery/jobs.ts';
import type { Cache } from './cache.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { LeagueServicesOptions } from './leagues/services.ts';
import { type DueLeague, readLeagueTrades } from './market/trades/job.ts';
import { computeValues, VALUES_JOB } from './market/values/job.ts';
import { leagueServicesFor } from './runtime.ts';

/*
 * The demo's trades: the trades job reads a league's trades once Rookie ADP has read the league, and
 * looks for such leagues hourly, so a fresh demo would show no values for its first hour. At start the
 * demo reads the simulator's leagues that traded through the job's own reader (which also notes
 * them as read, so the job does not read them twice). The values job is held meanwhile (its first
 * set would rest on the few trades read so far, and the next wait out the refit interval): once the
 * trades are in, the demo fits the values once with the job's own code and lets the job go on.
 */

/** Holds the values job until seedDemoTrades has read the demo's trades; before the app starts. */
export const holdValuesJob = (db: Db) => setJobPaused(db, VALUES_JOB, true);

export async function seedDemoTrades(
  opts: { db: Db; cache: Cache; config: Config; limits?: LeagueServicesOptions['limits'] },
  leagues: readonly Pick<DueLeague, 'service' | 'leagueId' | 'url'>[],
): Promise<number> {
  const services = leagueServicesFor(opts.config, opts.cache, { limits: opts.limits });
  let stored = 0;
  try {
    for (const l of leagues) {
      const r = await readLeagueTrades({ db: opts.db, services }, { ...l, lastRound: null, failures: 0 });
      stored += r.stored;
    }
    await computeValues({
      db: opts.db,
      cache: opts.cache,
      players: () => services.players.list(),
      now: Date.now,
    });
  } finally {
    await setJobPaused(opts.db, VALUES_JOB, false);
  }
  return stored;
}
