import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '#server/cache.ts';
import type { HttpLimits } from '#server/leagues/limits.ts';
import { createLeagueServices, type LeagueServices } from '#server/leagues/services.ts';
import { buildSimulator, type SimControl, type SimulatorOptions, type World } from '#simulator/app.ts';

/** The league-services simulator on a free local port, and the settings that point the app at it. */
export interface Sim {
  app: FastifyInstance;
  world: World;
  control: SimControl;
  base: string;
  /** MFL_API_URL, SLEEPER_API_URL, FLEA_API_URL and ESPN's two for this simulator. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSim(
  opts: SimulatorOptions & {
    /** Told of every request the simulator receives (to count calls of a kind, to check headers). */
    onRequest?: (req: { url: string; headers: IncomingHttpHeaders }) => void;
  } = {},
): Promise<Sim> {
  const { app, world, control } = await buildSimulator(opts);
  const { onRequest } = opts;
  if (onRequest) app.addHook('onRequest', async (req) => onRequest({ url: req.url, headers: req.headers }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    world,
    control,
    base,
    env: {
      MFL_API_URL: `${base}/mfl/api`,
      SLEEPER_API_URL: `${base}/sleeper/v1`,
      FLEA_API_URL: `${base}/flea/api`,
      ESPN_API_URL: `${base}/espn`,
      ESPN_FAN_API_URL: `${base}/espn-fan`,
    },
    close: () => app.close(),
  };
}

/** Limits that keep tests quick: the simulator is local, so MFL's real-world pacing is not waited out. */
export const quickLimits: Partial<HttpLimits> = {
  requestsPerSecond: 1000,
  burst: 100,
  concurrency: 16,
  backoffMs: 5,
  maxBackoffMs: 20,
  timeoutMs: 5000,
};

/**
 * League services talking to the simulator with quick limits (and any the test sets); `fetch` sees
 * every call they send (to count them).
 */
export function simServices(
  sim: Sim,
  cache: Cache,
  limits: Partial<HttpLimits> = {},
  fetch?: typeof globalThis.fetch,
): LeagueServices {
  const l = { ...quickLimits, ...limits };
  return createLeagueServices({
    mflApiUrl: sim.env.MFL_API_URL,
    sleeperApiUrl: sim.env.SLEEPER_API_URL,
    fleaApiUrl: sim.env.FLEA_API_URL,
    userAgent: 'dynasty-test/1.0',
    cache,
    fetch,
    limits: { mfl: l, sleeper: l, flea: l },
  });
}
