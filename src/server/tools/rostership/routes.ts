import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LeagueType } from '#common/leagues.ts';
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
import { endedBy, visitorGone } from '#server/leagues/call-context.ts';
import { type VisitorAccount, visitorAccount } from '#server/leagues/visitor-accounts.ts';
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
async function answerChunk<R extends { league_id: string; account?: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<ChunkContext>,
  readTeam: (ctx: TeamContext, ref: R, account: VisitorAccount) => Promise<TeamRead>,
) {
  // Each league is read through the account its reference names (the visitor's first of the
  // service when it names none); one the visitor does not have in use fails the request.
  const accounts = new Map<R, VisitorAccount>();
  for (const ref of refs) accounts.set(ref, await visitorAccount(request, deps, type, ref.account));
  const chunk: ChunkRead<R> = {
    type,
    refs,
    context: await context(),
    readTeam: async (ctx, ref) => {
      const account = accounts.get(ref)!;
      const read = await readTeam(ctx, ref, account);
      return account.accountId ? { ...read, account: account.label } : read;
    },
    log: request.log,
  };
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
      return answerChunk(request, reply, deps, 'mfl', request.body.leagues, context, (ctx, ref, account) =>
        mflTeam(ctx, ref, account.credential),
      );
    },
  );

  app.post(
    '/sleeper/rostership',
    { schema: { body: rostershipRequestSchemas.sleeper, response }, config: toolRateLimit },
    async (request, reply) => {
      return answerChunk(
        request,
        reply,
        deps,
        'sleeper',
        request.body.leagues,
        context,
        (ctx, ref, account) => sleeperTeam(ctx, ref, account.credential),
      );
    },
  );

  app.post(
    '/flea/rostership',
    { schema: { body: rostershipRequestSchemas.flea, response }, config: toolRateLimit },
    async (request, reply) => {
      return answerChunk(request, reply, deps, 'flea', request.body.leagues, context, (ctx, ref) =>
        fleaTeam(ctx, ref),
      );
    },
  );
}
