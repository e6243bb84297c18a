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
import type { Db } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import {
  bumpContentVersion,
  byContentVersion,
  type CachedAnswer,
  CONTENT_TTL_MS,
  jsonAnswer,
  sendAnswer,
} from '../http/public-cache.ts';
import { articleKind, findArticle, listArticles } from './articles.ts';
import { findProfile, listProfiles, profileFilters, profileKind } from './profiles.ts';
import { searchContent } from './search.ts';
import { type Authored, type ContentKind, createItem, deleteItem, updateItem } from './store.ts';

// An id or shortname from the address: one that holds a NUL character names no item, so it is
// not found (byRef), like any other address that names nothing, and the page says so.
const idParams = z.object({ id: z.string().min(1).max(200) });
const adminOnly = { preValidation: async (req: FastifyRequest) => void requireAdmin(req) };

/** What the routes of one kind (articles, profiles) need: its address, schemas, readers and cache key. */
interface KindRoutes<Query extends { isAdmin: boolean }, Input extends Authored> {
  path: '/articles' | '/profiles';
  kind: ContentKind<Input>;
  /** The payload that creates or saves one. */
  input: z.ZodType<Input>;
  /** The list's query string; isAdmin lists hidden items too. */
  listQuery: z.ZodType<Query>;
  list: (db: Db, q: Query, includeHidden: boolean) => Promise<unknown>;
  /** One by numeric id or shortname; undefined when missing or hidden from this reader. */
  find: (db: Db, ref: string, includeHidden: boolean) => Promise<unknown>;
  /** The public cache key of a list query. */
  listKey: (q: Query) => string;
}

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

  /** The five routes every kind has, under its path; see the table above. */
  const kindRoutes = <Q extends { isAdmin: boolean }, I extends Authored>(k: KindRoutes<Q, I>) => {
    const { kind, find } = k;
    api.get(k.path, { schema: { querystring: k.listQuery } }, async (req, reply) => {
      // The schema is generic here, so the provider cannot name the parsed type; it is Q.
      const q = req.query as Q;
      if (q.isAdmin) return adminAnswer(req, reply, await k.list(db, q, true));
      return publicAnswer(req, reply, k.listKey(q), async () => jsonAnswer(200, await k.list(db, q, false)));
    });

    api.get(
      `${k.path}/:id`,
      { schema: { params: idParams, querystring: detailQuerySchema } },
      async (req, reply) => {
        const { id } = req.params;
        if (req.query.isAdmin) {
          requireAdmin(req);
          const item = await find(db, id, true);
          return item ? adminAnswer(req, reply, item) : reply.code(404).send({ error: kind.missing });
        }
        return publicAnswer(req, reply, `${kind.noun}:${id}`, async () => {
          const item = await find(db, id, false);
          return item ? jsonAnswer(200, item) : jsonAnswer(404, { error: kind.missing });
        });
      },
    );

    api.post(k.path, { ...adminOnly, schema: { body: k.input } }, async (req, reply) => {
      const id = await createItem(db, kind, requireAdmin(req), req.body as I);
      return saved(reply, 201, await find(db, String(id), true));
    });

    api.post(
      `${k.path}/:id`,
      { ...adminOnly, schema: { params: idParams, body: k.input } },
      async (req, reply) => {
        const id = await updateItem(db, kind, requireAdmin(req), req.params.id, req.body as I);
        return saved(reply, 200, await find(db, String(id), true));
      },
    );

    api.delete(`${k.path}/:id`, { ...adminOnly, schema: { params: idParams } }, async (req, reply) => {
      await deleteItem(db, kind, requireAdmin(req), req.params.id);
      return saved(reply, 204, undefined);
    });
  };

  kindRoutes({
    path: '/articles',
    kind: articleKind,
    input: articleInputSchema,
    listQuery: articleListQuerySchema,
    list: listArticles,
    find: findArticle,
    listKey: (q) =>
      `articles:${q.limit}:${q.page}:${JSON.stringify([q.search ?? '', q.tag?.toLowerCase() ?? ''])}`,
  });
  kindRoutes({
    path: '/profiles',
    kind: profileKind,
    input: profileInputSchema,
    listQuery: profileListQuerySchema,
    list: listProfiles,
    find: findProfile,
    listKey: (q) =>
      `profiles:${q.limit}:${q.page}:${q.position?.toUpperCase() ?? ''}:${q.year ?? ''}:${q.search ?? ''}`,
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
