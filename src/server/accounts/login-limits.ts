import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_FAILURES_PER_ACCOUNT, type LoginInput } from '#common/users.ts';
import { HttpError } from '../http/errors.ts';

/** Route option for log in and sign up: `max` attempts a minute per client address (shared through Redis when set). */
export const perAddressLimit = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000 },
});

const accountKey = (req: FastifyRequest) => (req.body as LoginInput).username.toLowerCase();

/**
 * Failed log-ins counted per account e-mail, so spreading a password guess over many addresses
 * does not help. Once an account has used up its failures, only addresses that have not failed on
 * it in the window may still try, once each: the owner logging in from their own address is not
 * locked out by someone else's guessing, while every address that guessed wrong is refused until
 * the window ends. Uses the rate-limit plugin's store, so copies of the server share the counts.
 * Any e-mail is counted, known or not, so the limit itself reveals nothing about accounts.
 */
export function accountLoginLimit(app: FastifyInstance) {
  const window = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const perAccount = app.createRateLimit({
    max: LOGIN_FAILURES_PER_ACCOUNT,
    timeWindow: window,
    keyGenerator: (req) => `login-failures:${accountKey(req)}`,
  });
  const perAccountAndAddress = app.createRateLimit({
    max: LOGIN_FAILURES_PER_ACCOUNT,
    timeWindow: window,
    keyGenerator: (req) => `login-failures:${accountKey(req)}:${req.ip}`,
  });
  const refuse = (ttl: number) => {
    const minutes = Math.max(1, Math.ceil(ttl / 60_000));
    return new HttpError(
      429,
      `Too many attempts for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  };
  return {
    /** Refuses the attempt (429) while the account is over its limit and this address has failed on it. */
    async check(req: FastifyRequest) {
      const account = await perAccount(req, { increment: false });
      if (account.isAllowed || account.remaining > 0) return;
      const mine = await perAccountAndAddress(req, { increment: false });
      if (mine.isAllowed || mine.remaining === mine.max) return;
      // Free again when either count runs out.
      throw refuse(Math.min(account.ttl, mine.ttl));
    },
    async recordFailure(req: FastifyRequest) {
      await perAccount(req);
      await perAccountAndAddress(req);
    },
  };
}
