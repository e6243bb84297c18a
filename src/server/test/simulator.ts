import type { FastifyInstance } from 'fastify';
import { buildSimulator } from '#simulator/app.ts';

/** A league-services simulator on a free local port, and the settings that point the app at it. */
export async function startTestSimulator(): Promise<{ sim: FastifyInstance; env: Record<string, string> }> {
  const sim = (await buildSimulator({})).app;
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sim.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    sim,
    env: {
      MFL_API_URL: `${base}/mfl/api`,
      SLEEPER_API_URL: `${base}/sleeper/v1`,
      FLEA_API_URL: `${base}/flea/api`,
    },
  };
}
