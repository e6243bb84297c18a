import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export interface GuessingLimitOptions {
  /** The counts' key prefix in the rate-limit store (`login-failures`). */
  name: string;
  /** Failures allowed in the window, for one known browser, and for all other clients together. */
  max: number;
  windowMs: number;
  /** The 429's words, given the minutes to wait and whether the browser is a known one. */
  refusal(minutes: number, knownBrowser: boolean): string;
}

/** One password guess: at what (an account's e-mail or id, an MFL user name), and from which browser. */
export interface Guess {
  subject: string;
  /** The id of a browser that has proven the subject before (see known-browsers.ts), if this is one. */
  knownBrowser?: string;
}

/**
 * Failed guesses counted per subject, in two kinds of budget (decision 032). A browser that has
 * logged in to the subject before has its own; every other client, from whatever network, shares
 * one. So a guesser spread over any number of networks gets `max` guesses per window at a subject
 * and no more, while the owner's own browser is never locked out by them. Counts live in the
 * rate-limit plugin's store (Redis when set, shared by every copy; this process's memory without).
 */
export function guessingLimit(app: FastifyInstance, opts: GuessingLimitOptions) {
  // The limiter asks its key of the request, so the guess being counted is kept with the request.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (req) => keys.get(req) ?? '',
  });
  const count = (req: FastifyRequest, guess: Guess, increment: boolean) => {
    const bucket = guess.knownBrowser ? `browser-${guess.knownBrowser}` : 'others';
    keys.set(req, `${opts.name}:${bucket}:${guess.subject.trim().toLowerCase()}`);
    return limiter(req, { increment });
  };
  return {
    /** Refuses the attempt (429) while its budget (this known browser's, or everyone else's) is spent. */
    async check(req: FastifyRequest, guess: Guess) {
      const state = await count(req, guess, false);
      if (state.isAllowed || state.remaining > 0) return;
      const error = new HttpError(
        429,
        opts.refusal(Math.max(1, Math.ceil(state.ttl / 60_000)), Boolean(guess.knownBrowser)),
      );
      Object.assign(error, { retryAfterMs: state.ttl });
      throw error;
    },
    async recordFailure(req: FastifyRequest, guess: Guess) {
      await count(req, guess, true);
    },
  };
}

export const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;
