import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdText } from '#common/text.ts';
import {
  contributorSchema,
  roleFields,
  userCreateSchema,
  userDeleteQuerySchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
} from '#common/users.ts';
import type { Cache } from '../cache.ts';
import { bumpContentVersion } from '../content/public-cache.ts';
import type { Db } from '../db/client.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { requireAdmin, requireSuperUser, requireUser } from './current-user.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { deleteUser, findUser, insertUser, listContributors, listUsers, updateUser } from './users.ts';

// Digits only: '1e3' or ' 7' are not ids. The bound keeps it inside PostgreSQL's integer.
const idParams = z.object({ id: rowIdText() });

// Checked before the body or query is validated, so a visitor learns nothing from the schema.
const signedIn = async (req: Parameters<typeof requireUser>[0]) => {
  requireUser(req);
};

/** The user fields public content shows: the author's name on articles, profiles and the feed. */
const publicFields = ['name'] as const;

/** GET/POST /users and /users/:id, DELETE /users/:id. Who may do what is decided here, on the server. */
export async function userRoutes(scope: FastifyInstance, db: Db, cache: Cache) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users',
    {
      onRequest: signedIn,
      schema: {
        querystring: userListQuerySchema,
        response: { 200: z.union([z.array(contributorSchema), userListSchema]) },
      },
    },
    async (req) => {
      const { isContributor, isAdmin, page, limit } = req.query;
      if (isContributor && !isAdmin) {
        requireAdmin(req);
        return listContributors(db);
      }
      requireSuperUser(req);
      const { items, total } = await listUsers(db, { page, limit, contributorsOnly: Boolean(isContributor) });
      return { items, total, page, limit };
    },
  );

  app.post(
    '/users',
    { onRequest: signedIn, schema: { body: userCreateSchema, response: { 200: userSchema } } },
    async (req) => {
      requireSuperUser(req);
      const { password, ...fields } = req.body;
      assertPasswordAllowed(password, { email: fields.email, name: fields.name });
      return insertUser(db, { ...fields, passwordHash: await hashPassword(password) });
    },
  );

  app.get(
    '/users/:id',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: userSchema } } },
    async (req) => {
      const me = requireUser(req);
      if (req.params.id !== me.id) requireSuperUser(req);
      const user = await findUser(db, req.params.id);
      if (!user) throw notFound('No user with that id.');
      return user;
    },
  );

  app.post(
    '/users/:id',
    {
      onRequest: signedIn,
      schema: { params: idParams, body: userUpdateSchema, response: { 200: userSchema } },
    },
    async (req) => {
      const me = requireUser(req);
      if (req.params.id !== me.id) requireSuperUser(req);
      // Roles are only ever set by a super user; sending them otherwise is refused, not ignored.
      if (!me.isSuperUser && roleFields.some((f) => req.body[f] !== undefined))
        throw forbidden('Only super users may change roles.');
      const user = await updateUser(db, req.params.id, req.body, me.id);
      if (!user) throw notFound('No user with that id.');
      // Public articles and profiles name their author, so cached content answers are retired.
      if (publicFields.some((f) => req.body[f] !== undefined)) await bumpContentVersion(cache);
      return user;
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: async (req) => void requireSuperUser(req),
      schema: { params: idParams, querystring: userDeleteQuerySchema },
    },
    async (req) => {
      const me = requireSuperUser(req);
      const moved = await deleteUser(db, me, req.params.id, req.query.contentTo);
      // Public pages name the author, so cached content answers are retired.
      await bumpContentVersion(cache);
      return { deleted: req.params.id, ...moved };
    },
  );
}
