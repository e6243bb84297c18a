import type { FastifyInstance } from 'fastify';

/**
 * How long after the server is ready its background work starts (the player list, the Rookie ADP
 * crawl and MFL copies, the trades and values jobs): the first answers of a start, a deploy's
 * health check among them, never share the process's first second with that work (decision 040).
 */
export const BACKGROUND_START_DELAY_MS = 1_500;

/**
 * Runs `start` a moment after the server is ready, unless it closes first. The timer never keeps
 * the process alive, and a server closed before it fires starts nothing.
 */
export function afterStart(
  app: FastifyInstance,
  start: () => void | Promise<void>,
  delayMs = BACKGROUND_START_DELAY_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      if (closed) return;
      Promise.resolve()
        .then(start)
        .catch((err) => app.log.error({ err }, 'background work did not start'));
    }, delayMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
