import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export interface GuessingLimitOptions {
  /** The counts' key prefix in the rate-limit store (`login-failures`). */
  name: string;
  /** Failures on one subject in the window before it closes to every network that failed on it. */
  max: number;
  windowMs: number;
  /** What is being guessed at: an account's e-mail, an MFL user name (compared in lower case). */
  subject(req: FastifyRequest): string;
  /** The 429's words, given the minutes to wait. */
  refusal(minutes: number): string;
}

/**
 * Failed guesses counted per subject (an account), so spreading them over many addresses does not
 * help. Once a subject has used up its failures, only client networks that have not failed on it
 * in the window may still try, once each: the owner, from their own network, is not locked out by
 * someone else's guessing, while every network that guessed wrong is refused until the window ends.
 * A network is `request.clientNetwork` (an IPv6 client's /64), so rotating addresses inside one buys
 * nothing. Counts live in the rate-limit plugin's store (Redis when set, shared by every copy).
 */
export function guessingLimit(app: FastifyInstance, opts: GuessingLimitOptions) {
  const subject = (req: FastifyRequest) => opts.subject(req).trim().toLowerCase();
  const perSubject = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (req) => `${opts.name}:${subject(req)}`,
  });
  const perSubjectAndNetwork = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (req) => `${opts.name}:${subject(req)}:${req.clientNetwork}`,
  });
  return {
    /** Refuses the attempt (429) while the subject is over its limit and this network has failed on it. */
    async check(req: FastifyRequest) {
      const all = await perSubject(req, { increment: false });
      if (all.isAllowed || all.remaining > 0) return;
      const mine = await perSubjectAndNetwork(req, { increment: false });
      if (mine.isAllowed || mine.remaining === mine.max) return;
      // Free again when either count runs out.
      const ttl = Math.min(all.ttl, mine.ttl);
      const error = new HttpError(429, opts.refusal(Math.max(1, Math.ceil(ttl / 60_000))));
      Object.assign(error, { retryAfterMs: ttl });
      throw error;
    },
    async recordFailure(req: FastifyRequest) {
      await perSubject(req);
      await perSubjectAndNetwork(req);
    },
  };
}

export const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;
