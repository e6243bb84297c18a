/** Latency, rate limits and faults, applied to every request to a simulated service (not to /_sim/). */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceName, SimState } from './control.ts';

type Flagged = FastifyRequest & { simMalformed?: boolean; simExpired?: boolean };

function serviceOf(url: string): ServiceName | undefined {
  if (url.startsWith('/mfl/')) return 'mfl';
  if (url.startsWith('/sleeper/')) return 'sleeper';
  if (url.startsWith('/flea/')) return 'flea';
  if (url.startsWith('/espn/') || url.startsWith('/espn-fan/')) return 'espn';
  return undefined;
}

export function registerServiceHooks(app: FastifyInstance, state: SimState) {
  // Requests held by a 'timeout' fault: ended when the app closes so they never keep the process alive.
  const held = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of held) res.destroy();
    held.clear();
    state.release();
  });

  app.addHook('onRequest', async (req, reply) => {
    const service = serviceOf(req.url);
    if (!service) return;
    if (state.latencyMs > 0) await new Promise((r) => setTimeout(r, state.latencyMs));
    const retryAfter = state.overLimit(service);
    if (retryAfter !== undefined) {
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .type('text/plain')
        .send('Too Many Requests');
    }
    switch (state.takeFault(service, req.url)) {
      case '500':
        return reply
          .code(500)
          .type('text/html')
          .send('<html><body><h1>500 Internal Server Error</h1></body></html>');
      case '429':
        return reply.code(429).header('retry-after', '1').type('text/plain').send('Too Many Requests');
      case 'malformed':
        (req as Flagged).simMalformed = true;
        return;
      case 'expired-cookie':
        (req as Flagged).simExpired = true;
        return;
      case 'down':
        // The connection drops without an answer, as a service that is down or unreachable.
        reply.hijack();
        reply.raw.socket?.destroy();
        return;
      case 'hold':
        // A slow answer whose end the caller decides: it goes on as usual at release().
        await state.holdUntilReleased();
        return;
      case 'timeout': {
        reply.hijack();
        const res = reply.raw;
        held.add(res);
        await new Promise<void>((resolve) => res.once('close', () => resolve()));
        held.delete(res);
        return;
      }
      default:
        return;
    }
  });

  // Answers are dated on the simulated clock, as a real service dates them on its own.
  app.addHook('onSend', async (req, reply, payload) => {
    if (serviceOf(req.url)) reply.header('date', new Date(state.now()).toUTCString());
    return payload;
  });

  // A malformed answer is the real one cut off halfway, as a dropped connection leaves it.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!(req as Flagged).simMalformed || typeof payload !== 'string') return payload;
    return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
  });
}
