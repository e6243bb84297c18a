/** The simulator in-process at a fixed time and seed, for its own tests (requests by inject). */
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator } from '#simulator/app.ts';

/** Saturday 21 November 2026, 19:00 UTC: week 11 of the 2026 season, between Thursday's and Sunday's games. */
export const FIXED_NOW = Date.UTC(2026, 10, 21, 19, 0);
export const TEST_SEED = 7;

export async function startFixedSim(seed = TEST_SEED) {
  const sim = await buildSimulator({ seed, now: () => FIXED_NOW });
  await sim.app.ready();
  return sim;
}

export async function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: { host: 'sim.test', ...(cookie ? { cookie } : {}) } });
}

/** Logs the demo user in to MFL and answers the Cookie header to send afterwards. */
export async function mflCookie(app: FastifyInstance, who: 'demo' | 'bench' = 'demo'): Promise<string> {
  const acct = DEMO_ACCOUNTS[who].mfl;
  const res = await app.inject({
    method: 'POST',
    url: '/mfl/api/2026/login',
    headers: { host: 'sim.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `USERNAME=${acct.username}&PASSWORD=${acct.password}&XML=1`,
  });
  const set = res.headers['set-cookie'];
  const first = (Array.isArray(set) ? set : [set ?? '']).find((c) => c.startsWith('MFL_USER_ID='))!;
  return first.split(';')[0];
}
