import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LEAGUE_STREAM_TYPE } from '#common/league-chunks.ts';
import { endedBy, visitorGone } from '#server/leagues/call-context.ts';

/** Whether the request asks for the streamed answer (LEAGUE_STREAM_TYPE). */
export const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').toLowerCase().includes(LEAGUE_STREAM_TYPE);

/**
 * Sends the lines `produce` writes as NDJSON, each checked against `line` and written the moment it
 * is, then ends the answer. A visitor who left is written nothing more, and the service calls still
 * waiting or in flight for them end (endedBy). `what` names the stream in the log of a failure.
 */
export function sendLines<L>(
  request: FastifyRequest,
  reply: FastifyReply,
  line: z.ZodType<L>,
  produce: (write: (line: L) => void) => Promise<unknown>,
  what: string,
) {
  const body = new PassThrough();
  const write = (value: L) => {
    if (!body.destroyed) body.write(`${JSON.stringify(line.parse(value))}\n`);
  };
  void endedBy(visitorGone(reply.raw), () => produce(write))
    .catch((err) => request.log.error({ err }, what))
    .finally(() => body.end());
  // No buffering on the way: a proxy that holds the answer back would hold the fast leagues too.
  reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  return reply.type(`${LEAGUE_STREAM_TYPE}; charset=utf-8`).send(body);
}
