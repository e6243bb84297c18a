import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnyLeagueRef, LeagueChunkRequests, LeagueRefOf } from '#common/league-chunks.ts';
import { type LeagueType, leagueTypes } from '#common/leagues.ts';
import { toolRateLimit } from './rate-limit.ts';

/** How a tool reads a league of each service: one reader a service, each given that service's refs. */
export type ServiceReaders<A extends unknown[], Out> = {
  [T in LeagueType]: (ref: LeagueRefOf<T>, ...args: A) => Out;
};

/** The reader of `type`'s leagues, taking the refs of a request to that service. */
export const readerOf = <A extends unknown[], Out>(readers: ServiceReaders<A, Out>, type: LeagueType) =>
  readers[type] as (ref: AnyLeagueRef, ...args: A) => Out;

/** A tool's request to one service, its body checked against that service's schema. */
export type ChunkRequest<E extends z.ZodRawShape> = FastifyRequest<{
  Body: z.infer<LeagueChunkRequests<E>[LeagueType]>;
}>;

/**
 * Registers a league tool's POST /{service}/{tool} for every service, each with its own body schema
 * (bodies, from leagueChunkRequests) and the tools' rate limit; `answer` answers them all, told
 * which service was asked.
 */
export function postToEachService<E extends z.ZodRawShape>(
  api: FastifyInstance,
  tool: string,
  bodies: LeagueChunkRequests<E>,
  response: Record<number, z.ZodType>,
  answer: (type: LeagueType, request: ChunkRequest<E>, reply: FastifyReply) => Promise<unknown>,
) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  for (const type of leagueTypes)
    app.post(
      `/${type}/${tool}`,
      { schema: { body: bodies[type], response }, config: toolRateLimit },
      (request, reply) => answer(type, request as unknown as ChunkRequest<E>, reply),
    );
}
