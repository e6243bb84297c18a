import { writeSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/**
 * Makes the end of the process explain itself in the log. An error nobody caught (or a promise
 * rejection nobody handled) is logged as fatal with its stack, then the process exits 1. Every exit
 * is logged with its code: after the server's own shutdown (a signal) as information; any other one
 * (process.exit called from somewhere else, as PGlite's WebAssembly does on a fatal database error)
 * as fatal, with the stack of the call that asked for it. Lines are flushed at once, since nothing
 * written after the 'exit' event would ever reach the log.
 */
export function logProcessEnd(log: FastifyBaseLogger) {
  let reason: string | undefined;
  // pino's SonicBoom: `_writing` is true while an asynchronous write is on its way.
  const stream = (
    log as unknown as Record<symbol, { flushSync?: () => void; _writing?: boolean } | undefined>
  )[pino.symbols.streamSym];
  const now = (level: 'fatal' | 'info', obj: object, msg: string, atExit = false) => {
    try {
      log[level](obj, msg);
      // A sync flush beside a write in flight would put this line before the earlier one; at exit
      // it is the last chance all the same.
      if (atExit || !stream?._writing) stream?.flushSync?.();
    } catch {
      // The log itself may be what failed (a full disk under stdout): say it on stderr if that works.
      try {
        writeSync(2, `${msg} ${JSON.stringify(obj)}\n`);
      } catch {
        // Nowhere left to say it.
      }
    }
  };

  process.on('uncaughtException', (err, origin) => {
    reason =
      origin === 'unhandledRejection' ? 'a promise rejection nobody handled' : 'an error nobody caught';
    now('fatal', { err, origin }, `${reason}: the server stops`);
    // Let the lines on their way land (at most 1 s) so that none is lost or overtaken at exit.
    const deadline = Date.now() + 1000;
    const exitWhenWritten = () => {
      if (stream?._writing && Date.now() < deadline) setTimeout(exitWhenWritten, 2);
      else process.exit(1);
    };
    exitWhenWritten();
  });

  process.on('exit', (code) => {
    if (reason === undefined) {
      // Nobody here asked for this exit: whoever did is on the stack.
      const stack = new Error('process.exit').stack?.split('\n').slice(1).join('\n');
      now(
        'fatal',
        { code, stack },
        `the process exits with code ${code}, asked by code outside the server's shutdown`,
        true,
      );
    } else {
      now(
        code === 0 ? 'info' : 'fatal',
        { code },
        `the process exits with code ${code} after ${reason}`,
        true,
      );
    }
  });

  return {
    /** The server is ending on purpose (a signal): its exit is expected. */
    stopping(why: string) {
      reason ??= why;
      log.info(`${why}: the server stops`);
    },
  };
}
