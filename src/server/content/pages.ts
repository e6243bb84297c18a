import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import type { PageMetaProvider } from '../http/spa.ts';

/** Head tags for /article/* and /profile/* pages. */
export function contentPageMeta(_deps: AppDeps): PageMetaProvider[] {
  return [];
}

/** /rss.xml and /sitemap.xml. */
export async function feedRoutes(_app: FastifyInstance, _deps: AppDeps) {}
