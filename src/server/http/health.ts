import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';

export async function healthRoutes(app: FastifyInstance, deps: { database: Pick<Database, 'kind'> }) {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ ok: z.literal(true), db: z.string() }) } } },
    async () => ({
      ok: true as const,
      db: deps.database.kind,
    }),
  );
}
