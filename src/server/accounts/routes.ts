import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';

/** Login, signup, logout and users under /api. */
export async function accountRoutes(_app: FastifyInstance, _deps: AppDeps) {}
