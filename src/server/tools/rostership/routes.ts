import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type LeagueType, leagueCookies } from '#common/leagues.ts';
import {
  chunkAnswerOf,
  ROSTERSHIP_STREAM_TYPE,
  type RostershipLine,
  rostershipAnswerSchema,
  rostershipLineSchema,
  rostershipRequestSchemas,
  summaryLineOf,
} from '#common/rostership.ts';
import type { AppDeps } from '#server/deps.ts';
import { unauthorized } from '#server/http/errors.ts';
import { endedBy, visitorGone } from '#server/leagues/call-context.ts';
import {
  type ChunkContext,
  type ChunkRead,
  readLeagues,
  rostershipOf,
  STREAM_LEAGUE_DEADLINE_MS,
} from './chunk.ts';
import { identityIndex } from './identity.ts';
import { fleaTeam, mflTeam, sleeperTeam, type TeamContext, type TeamRead } from './teams.ts';

/**
 * Per-address ceiling on the tool routes: a page load sends a dozen chunks, so this only stops a
 * loop from pushing the league services (and our standing with them) around.
 */
export const toolRateLimit = { rateLimit: { max: 300, timeWindow: 60_000 } };

/** Whether the request asks for the streamed answer. */
const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').toLowerCase().includes(ROSTERSHIP_STREAM_TYPE);

/**
 * The chunk streamed: each league's line the moment it is read, then the summary. A visitor who
 * left is written nothing more, and the leagues' calls still waiting or in flight end.
 */
function streamChunk<R extends { league_id: string }>(reply: FastifyReply, chunk: ChunkRead<R>) {
  const body = new PassThrough();
  const write = (line: RostershipLine) => {
    if (!body.destroyed) body.write(`${JSON.stringify(rostershipLineSchema.parse(line))}\n`);
  };
  const gone = visitorGone(reply.raw);
  void endedBy(gone, () => readLeagues({ ...chunk, deadlineMs: STREAM_LEAGUE_DEADLINE_MS }, write))
    .then((lines) => write(summaryLineOf(chunkAnswerOf(lines, chunk.context.complete))))
    .catch((err) => chunk.log?.error({ err, type: chunk.type }, 'rostership stream'))
    .finally(() => body.end());
  // No buffering on the way: a proxy that holds the answer back would hold the fast leagues too.
  reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  return reply.type(`${ROSTERSHIP_STREAM_TYPE}; charset=utf-8`).send(body);
}

/**
 * Answers the chunk as the request asks: streamed, one line per league as it lands and then the
 * summary, or as one JSON answer once every league is read or past its deadline.
 */
async function answerChunk<R extends { league_id: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<ChunkContext>,
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamRead>,
) {
  const chunk: ChunkRead<R> = { type, refs, context: await context(), readTeam, log: request.log };
  return wantsStream(request) ? streamChunk(reply, chunk) : rostershipOf(chunk);
}

export async function rostershipRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;
  // The merged list improves the answer but never holds it up: without it, each service's own
  // player data names the players and the page merges them once a later answer has the list.
  const context = async (): Promise<ChunkContext> => {
    const list = await services.players.peek();
    return {
      services,
      index: list ? identityIndex(list.players) : undefined,
      complete: list?.complete ?? false,
    };
  };
  const response = { 200: rostershipAnswerSchema };

  app.post(
    '/mfl/rostership',
    { schema: { body: rostershipRequestSchemas.mfl, response }, config: toolRateLimit },
    async (request, reply) => {
      const cookie = request.cookies[leagueCookies.mfl];
      if (!cookie) throw unauthorized('Log in to MFL first.');
      return answerChunk(request, reply, 'mfl', request.body.leagues, context, (ctx, ref) =>
        mflTeam(ctx, ref, cookie),
      );
    },
  );

  app.post(
    '/sleeper/rostership',
    { schema: { body: rostershipRequestSchemas.sleeper, response }, config: toolRateLimit },
    async (request, reply) => {
      const userId = request.cookies[leagueCookies.sleeperId];
      if (!userId) throw unauthorized('Connect your Sleeper account first.');
      return answerChunk(request, reply, 'sleeper', request.body.leagues, context, (ctx, ref) =>
        sleeperTeam(ctx, ref, userId),
      );
    },
  );

  app.post(
    '/flea/rostership',
    { schema: { body: rostershipRequestSchemas.flea, response }, config: toolRateLimit },
    async (request, reply) => {
      if (!request.cookies[leagueCookies.flea]) throw unauthorized('Connect your Fleaflicker account first.');
      return answerChunk(request, reply, 'flea', request.body.leagues, context, fleaTeam);
    },
  );
}
