import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleInputSchema,
  articleListQuerySchema,
  detailQuerySchema,
  profileInputSchema,
  profileListQuerySchema,
  searchQuerySchema,
} from '#common/content.ts';
import { requireAdmin } from '../accounts/current-user.ts';
import { createLoader } from '../cache.ts';
import type { AppDeps } from '../deps.ts';
import { createArticle, findArticle, listArticles, updateArticle } from './articles.ts';
import { deleteContent } from './delete.ts';
import { createProfile, findProfile, listProfiles, profileFilters, updateProfile } from './profiles.ts';
import {
  bumpContentVersion,
  byContentVersion,
  type CachedAnswer,
  CONTENT_TTL_MS,
  jsonAnswer,
  sendAnswer,
} from './public-cache.ts';
import { searchContent } from './search.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });
const adminOnly = { preValidation: async (req: FastifyRequest) => void requireAdmin(req) };

/**
 * Articles, profiles and search under /api.
 *
 * | GET  /articles, /profiles           | a page of visible items; isAdmin=true (contributors, super users) lists hidden ones too |
 * | GET  /articles/:id, /profiles/:id   | one item by id or shortname; hidden ones only with isAdmin=true                         |
 * | POST /articles, /profiles           | create (contributors and super users)                                                   |
 * | POST /articles/:id, /profiles/:id   | update (a contributor only their own; visibility and author only by super users)        |
 * | DELETE /articles/:id, /profiles/:id | delete (a contributor only their own)                                        |
 * | GET  /profile-filters               | positions and classes among visible profiles                                            |
 * | GET  /search?search=term            | visible articles and profiles, best match first                                         |
 *
 * Public answers are cached per content version and carry an ETag; admin answers never are.
 */
export async function contentRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const loader = createLoader(deps.cache);

  // The public answer for key: from the cache, or loaded; a missing item is a cached 404 too.
  const publicAnswer = (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<CachedAnswer>,
  ) => loader(key, CONTENT_TTL_MS, load, byContentVersion).then((answer) => sendAnswer(req, reply, answer));
  const adminAnswer = <T>(req: FastifyRequest, reply: FastifyReply, data: T) => {
    requireAdmin(req);
    reply.header('cache-control', 'private, no-store');
    return data;
  };
  const saved = async (reply: FastifyReply, status: number, item: unknown) => {
    await bumpContentVersion(deps.cache);
    reply.header('cache-control', 'no-store');
    return reply.code(status).send(item);
  };

  api.get('/articles', { schema: { querystring: articleListQuerySchema } }, async (req, reply) => {
    const q = req.query;
    if (q.isAdmin) return adminAnswer(req, reply, await listArticles(db, q, true));
    return publicAnswer(req, reply, `articles:${q.limit}:${q.page}:${q.search ?? ''}`, async () =>
      jsonAnswer(200, await listArticles(db, q, false)),
    );
  });

  api.get(
    '/articles/:id',
    { schema: { params: idParams, querystring: detailQuerySchema } },
    async (req, reply) => {
      const { id } = req.params;
      if (req.query.isAdmin) {
        requireAdmin(req);
        const article = await findArticle(db, id, true);
        return article
          ? adminAnswer(req, reply, article)
          : reply.code(404).send({ error: 'Article not found.' });
      }
      return publicAnswer(req, reply, `article:${id}`, async () => {
        const article = await findArticle(db, id, false);
        return article ? jsonAnswer(200, article) : jsonAnswer(404, { error: 'Article not found.' });
      });
    },
  );

  api.post('/articles', { ...adminOnly, schema: { body: articleInputSchema } }, async (req, reply) => {
    const id = await createArticle(db, requireAdmin(req), req.body);
    return saved(reply, 201, await findArticle(db, String(id), true));
  });

  api.post(
    '/articles/:id',
    { ...adminOnly, schema: { params: idParams, body: articleInputSchema } },
    async (req, reply) => {
      const id = await updateArticle(db, requireAdmin(req), req.params.id, req.body);
      return saved(reply, 200, await findArticle(db, String(id), true));
    },
  );

  api.delete('/articles/:id', { ...adminOnly, schema: { params: idParams } }, async (req, reply) => {
    await deleteContent(db, requireAdmin(req), 'article', req.params.id);
    return saved(reply, 204, undefined);
  });

  api.get('/profiles', { schema: { querystring: profileListQuerySchema } }, async (req, reply) => {
    const q = req.query;
    if (q.isAdmin) return adminAnswer(req, reply, await listProfiles(db, q, true));
    const key = `profiles:${q.limit}:${q.page}:${q.position?.toUpperCase() ?? ''}:${q.year ?? ''}:${q.search ?? ''}`;
    return publicAnswer(req, reply, key, async () => jsonAnswer(200, await listProfiles(db, q, false)));
  });

  api.get(
    '/profiles/:id',
    { schema: { params: idParams, querystring: detailQuerySchema } },
    async (req, reply) => {
      const { id } = req.params;
      if (req.query.isAdmin) {
        requireAdmin(req);
        const profile = await findProfile(db, id, true);
        return profile
          ? adminAnswer(req, reply, profile)
          : reply.code(404).send({ error: 'Profile not found.' });
      }
      return publicAnswer(req, reply, `profile:${id}`, async () => {
        const profile = await findProfile(db, id, false);
        return profile ? jsonAnswer(200, profile) : jsonAnswer(404, { error: 'Profile not found.' });
      });
    },
  );

  api.post('/profiles', { ...adminOnly, schema: { body: profileInputSchema } }, async (req, reply) => {
    const id = await createProfile(db, requireAdmin(req), req.body);
    return saved(reply, 201, await findProfile(db, String(id), true));
  });

  api.post(
    '/profiles/:id',
    { ...adminOnly, schema: { params: idParams, body: profileInputSchema } },
    async (req, reply) => {
      const id = await updateProfile(db, requireAdmin(req), req.params.id, req.body);
      return saved(reply, 200, await findProfile(db, String(id), true));
    },
  );

  api.delete('/profiles/:id', { ...adminOnly, schema: { params: idParams } }, async (req, reply) => {
    await deleteContent(db, requireAdmin(req), 'profile', req.params.id);
    return saved(reply, 204, undefined);
  });

  api.get('/profile-filters', async (req, reply) =>
    publicAnswer(req, reply, 'profile-filters', async () => jsonAnswer(200, await profileFilters(db))),
  );

  api.get('/search', { schema: { querystring: searchQuerySchema } }, async (req, reply) => {
    const { search, limit, page } = req.query;
    // Nothing to look for: an empty answer, as the page never asks.
    if (!search) return { items: [], total: 0, page, limit };
    return publicAnswer(req, reply, `search:${limit}:${page}:${search}`, async () =>
      jsonAnswer(200, await searchContent(db, search, limit, page)),
    );
  });
}
