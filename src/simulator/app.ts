/** Builds the league-services simulator: one Fastify app serving MFL, Sleeper, Fleaflicker and ESPN from one world. */
import Fastify, { type FastifyInstance } from 'fastify';
import { type SimControl, SimState } from './control.ts';
import { registerControl } from './control-routes.ts';
import { registerEspn } from './espn/routes.ts';
import { registerFlea } from './flea/routes.ts';
import { registerMfl } from './mfl/routes.ts';
import { registerServiceHooks } from './service-hooks.ts';
import { registerSleeper } from './sleeper/routes.ts';
import { seasonOf } from './world/schedule.ts';
import { World } from './world/world.ts';

export type { SimControl } from './control.ts';
export { World } from './world/world.ts';

export interface SimulatorOptions {
  seed?: number;
  /** Epoch ms; default Date.now. The simulated clock runs with it, shifted by POST /_sim/clock. */
  now?: () => number;
  /** Default: the NFL season of now (January and February belong to the previous season). */
  season?: number;
}

export const DEFAULT_SEED = 20_260_901;

export async function buildSimulator(
  opts: SimulatorOptions = {},
): Promise<{ app: FastifyInstance; world: World; control: SimControl }> {
  const now = opts.now ?? Date.now;
  const anchorMs = now();
  const world = new World({
    seed: opts.seed ?? DEFAULT_SEED,
    season: opts.season ?? seasonOf(anchorMs),
    anchorMs,
  });
  const state = new SimState(world, now);
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1_048_576 });
  // MFL's login and lineup import post HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  registerServiceHooks(app, state);
  registerControl(app, state);
  registerMfl(app, world, state);
  registerSleeper(app, world, state);
  registerFlea(app, world, state);
  registerEspn(app, world, state);
  return { app, world, control: state };
}
