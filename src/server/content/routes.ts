import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';

/** Articles, profiles and search under /api. */
export async function contentRoutes(_app: FastifyInstance, _deps: AppDeps) {}
