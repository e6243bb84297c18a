import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';

export async function playerStatusRoutes(_app: FastifyInstance, _deps: AppDeps) {}
