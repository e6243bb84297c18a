/** An address where nothing listens, on this machine: a call to it is refused at once. */
export const UNREACHABLE_URL = 'http://127.0.0.1:9';

/**
 * The settings every test server starts from, under the test's own: discovery off and the three
 * league services at an address that refuses, so no test reaches outside the machine and none waits
 * on a real service. A test opts in by setting them (the simulator's addresses, ADP_SLEEPER_WALK=1),
 * or names one `undefined` to start as a deployment that leaves it unset would.
 */
export const TEST_SERVICE_ENV: Readonly<Record<string, string>> = {
  ADP_SLEEPER_WALK: '0',
  ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: '0',
  ADP_MFL_COPIES: '0',
  LEAGUE_TRADES: '0',
  PLAYER_LIST_AT_START: '0',
  MFL_API_URL: UNREACHABLE_URL,
  SLEEPER_API_URL: UNREACHABLE_URL,
  FLEA_API_URL: UNREACHABLE_URL,
  ESPN_API_URL: UNREACHABLE_URL,
  ESPN_FAN_API_URL: UNREACHABLE_URL,
};
