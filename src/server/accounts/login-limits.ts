import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTH_ATTEMPTS_PER_MINUTE,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_PER_ACCOUNT,
  type LoginInput,
} from '../../common/users.ts';
import { HttpError } from '../http/errors.ts';

/** Route option for log in and sign up: attempts per client address (shared through Redis when set). */
export const perAddressLimit = {
  rateLimit: { max: AUTH_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 },
};

/**
 * Failed log-ins counted per account e-mail, so spreading a password guess over many addresses
 * does not help. Uses the rate-limit plugin's store, so copies of the server share the count.
 * Any e-mail is counted, known or not, so the lock itself reveals nothing about accounts.
 */
export function accountLoginLimit(app: FastifyInstance) {
  const limiter = app.createRateLimit({
    max: LOGIN_FAILURES_PER_ACCOUNT,
    timeWindow: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    keyGenerator: (req) => `login-failures:${(req.body as LoginInput).username.toLowerCase()}`,
  });
  return {
    /** Refuses the attempt (429) while the account has used up its failures. */
    async check(req: FastifyRequest) {
      const state = await limiter(req, { increment: false });
      if (state.isAllowed || state.remaining > 0) return;
      const minutes = Math.max(1, Math.ceil(state.ttl / 60_000));
      throw new HttpError(
        429,
        `Too many attempts for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
    },
    async recordFailure(req: FastifyRequest) {
      await limiter(req);
    },
  };
}
