import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { HttpError } from '../http/errors.ts';
import { leagueRoutes } from './routes.ts';
import type { LeagueServices } from './services.ts';

/**
 * Test helper: a bare app giving the league routes what the real one does (zod compilers, cookies,
 * the app's own error handler), with the routes under /api and the services the test chooses.
 */
export async function buildTestApp(
  services: LeagueServices,
  secureCookies = false,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ error: error.message });
    if (hasZodFastifySchemaValidationErrors(error))
      return reply.code(400).send({ error: 'Invalid request.' });
    return reply.code(500).send({ error: 'Something went wrong.' });
  });
  await app.register(cookie);
  await app.register(leagueRoutes, { prefix: '/api', services, secureCookies });
  return app;
}
