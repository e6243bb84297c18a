import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type LeagueAccountList,
  leagueAccountListSchema,
  leagueAccountParamsSchema,
  leagueAccountUpdateSchema,
} from '#common/leagues.ts';
import { requireUser } from '../accounts/current-user.ts';
import { notFound } from '../http/errors.ts';
import { listConnections, removeConnection, setConnectionActive } from './connection-store.ts';
import type { VisitorAccountsDeps } from './visitor-accounts.ts';

/*
 * The account page's "League accounts" (decision 022): the signed-in user's saved league accounts,
 * listed (never a credential), switched on or off, removed. New ones come through the services'
 * own connect and log-in routes. Every query names the signed-in user: another user's account is
 * "not found", for super users too.
 */

const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

const gone = () => notFound('No such league account.');

export async function leagueAccountRoutes(api: FastifyInstance, deps: VisitorAccountsDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/league-accounts',
    { onRequest: signedIn, schema: { response: { 200: leagueAccountListSchema } } },
    async (request): Promise<LeagueAccountList> => {
      const user = requireUser(request);
      if (!deps.connectionKeys) return { saving: false, accounts: [] };
      const rows = await listConnections(db, user.id);
      return {
        saving: true,
        accounts: rows.map((r) => ({
          id: String(r.id),
          service: r.service,
          label: r.label,
          active: r.active,
          sessionEnded: r.sessionEnded,
          createdAt: r.createdAt.toISOString(),
          lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/league-accounts/:id',
    {
      onRequest: signedIn,
      schema: {
        params: leagueAccountParamsSchema,
        body: leagueAccountUpdateSchema,
        response: { 200: z.object({ id: z.string(), active: z.boolean() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!(await setConnectionActive(db, user.id, id, request.body.active))) throw gone();
      return { id: String(id), active: request.body.active };
    },
  );

  app.delete(
    '/league-accounts/:id',
    { onRequest: signedIn, schema: { params: leagueAccountParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await removeConnection(db, user.id, request.params.id))) throw gone();
      return reply.code(204).send();
    },
  );
}
