import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LeagueServices } from '#server/leagues/services.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import type { SimControl, World } from '#simulator/app.ts';
import { cookiesOf, makeTestApp } from './app.ts';
import { simServices, startSim } from './simulator.ts';

/*
 * The app wired to a simulator on a real port, for the tool routes' API tests. The league clients get
 * quick limits so the tests do not wait out MFL's real-world pacing.
 */

export interface ToolsTestBed {
  app: FastifyInstance;
  sim: FastifyInstance;
  control: SimControl;
  world: World;
  services: LeagueServices;
  simBase: string;
  /** Cookie header for the demo (or bench) user connected to all three services. */
  connect(who?: 'demo' | 'bench'): Promise<string>;
  post(url: string, payload: unknown, cookie?: string): Promise<LightMyRequestResponse>;
  get(url: string, cookie?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface ToolsTestBedOptions {
  /** Sees every call the app's league clients send to the simulator (to count them). */
  fetch?: typeof fetch;
}

export async function startToolsTestBed(opts: ToolsTestBedOptions = {}): Promise<ToolsTestBed> {
  const sim = await startSim();
  const t = await makeTestApp(
    {},
    { sim, services: opts.fetch ? (_config, cache) => simServices(sim, cache, {}, opts.fetch) : undefined },
  );
  return {
    app: t.app,
    sim: sim.app,
    control: sim.control,
    world: sim.world,
    services: t.services,
    simBase: sim.base,
    post: t.post,
    get: t.get,
    async connect(who = 'demo') {
      const acct = DEMO_ACCOUNTS[who];
      const answers = await Promise.all([
        t.post('/api/mfl/login', acct.mfl),
        t.post('/api/sleeper/connect', { username: acct.sleeper.username }),
        t.post('/api/flea/connect', acct.flea),
      ]);
      for (const a of answers) if (a.statusCode !== 200) throw new Error(`connect failed: ${a.body}`);
      return answers.flatMap(cookiesOf).join('; ');
    },
    async close() {
      await t.close();
      await sim.close();
    },
  };
}
