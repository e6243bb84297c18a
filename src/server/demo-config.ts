import { type Config, loadConfig } from './config.ts';
import type { LeagueServicesOptions } from './leagues/services.ts';

/**
 * The simulator is local: MFL's real pace (2 requests a second) would make the demo wait minutes.
 * At start the store reads its listed MFL leagues (230 under the test runner, about 1,000 calls) in
 * the background lane, which gets half the rate: at 200 a second the startup tables fill in 20 s, not 40.
 */
export const demoLimits: LeagueServicesOptions['limits'] = {
  mfl: { requestsPerSecond: 200, burst: 20, concurrency: 8 },
};

export interface DemoWorld {
  /** Where the simulator serves, e.g. http://127.0.0.1:4100. */
  simBase: string;
  /** The demo Sleeper account, where the Sleeper walk starts. */
  sleeperUser: string;
  /**
   * The leagues the store reads as listed ones under the test runner only (the public MFL leagues and
   * the Sleeper leagues that held a rookie draft), so the figures a spec compares stay still.
   */
  testLeagues: () => string[];
}

/**
 * `npm run demo`'s settings: the site wired to the simulator. Rookie ADP fills itself from Sleeper's
 * user graph, walked from the demo Sleeper account's league-mates; MFL's league search stays off as in
 * any deployment without MFL's written permission. Under the test runner the store reads a fixed list
 * of leagues instead, so the figures a spec compares stay still.
 */
export function demoEnv(world: DemoWorld, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ADMIN_EMAIL: 'admin@dynasty.test',
    ADMIN_PASSWORD: 'admin-pass-1234',
    ...env,
    MFL_API_URL: `${world.simBase}/mfl/api`,
    SLEEPER_API_URL: `${world.simBase}/sleeper/v1`,
    FLEA_API_URL: `${world.simBase}/flea/api`,
    ESPN_API_URL: `${world.simBase}/espn`,
    ESPN_FAN_API_URL: `${world.simBase}/espn-fan`,
    ADP_SLEEPER_USERS: env.ADP_SLEEPER_USERS ?? world.sleeperUser,
    ADP_LEAGUE_IDS: env.ADP_LEAGUE_IDS ?? (env.NODE_ENV === 'test' ? world.testLeagues().join(',') : ''),
    // The daily copy of MFL's own ADP, under the test runner too (the demo seeds the earlier days).
    ADP_MFL_COPIES: env.ADP_MFL_COPIES ?? '1',
    // The listed leagues' trades and the values fitted from them, under the test runner too, so the
    // values pages have something to show.
    LEAGUE_TRADES: env.LEAGUE_TRADES ?? '1',
    VALUES_JOB: env.VALUES_JOB ?? '1',
    // The demo's trades are read within minutes of its start: values follow them closely.
    VALUES_REFIT_MINUTES: env.VALUES_REFIT_MINUTES ?? '2',
  };
}

export const demoConfig = (world: DemoWorld, env: NodeJS.ProcessEnv = process.env): Config =>
  loadConfig(demoEnv(world, env));
