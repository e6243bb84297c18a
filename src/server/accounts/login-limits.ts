import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_FAILURES_PER_ACCOUNT, type LoginInput } from '#common/users.ts';
import { guessingLimit, minutes } from '../http/guessing-limit.ts';

/**
 * Route option for log in and sign up: `max` attempts a minute per client network (an IPv4
 * address, an IPv6 /64; shared through Redis when set).
 */
export const perAddressLimit = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000 },
});

/**
 * Failed log-ins counted per account e-mail, so spreading a password guess over many addresses
 * does not help; once an account has used up its failures only networks that have not failed on it
 * may still try, once each (see guessingLimit). Any e-mail is counted, known or not, so the limit
 * itself reveals nothing about accounts.
 */
export function accountLoginLimit(app: FastifyInstance) {
  return guessingLimit(app, {
    name: 'login-failures',
    max: LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    subject: (req: FastifyRequest) => (req.body as LoginInput).username,
    refusal: (n) => `Too many attempts for this account. Please wait ${minutes(n)} and try again.`,
  });
}

/**
 * Wrong current passwords on a password change, counted per account the same way: a stolen session
 * cannot guess the password from address after address, while the owner, from a network that has
 * not guessed wrong, can still change it.
 */
export function currentPasswordGuessLimit(app: FastifyInstance) {
  return guessingLimit(app, {
    name: 'password-change-failures',
    max: LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    subject: (req: FastifyRequest) => `user:${req.user?.id ?? 0}`,
    refusal: (n) => `Too many wrong passwords for this account. Please wait ${minutes(n)} and try again.`,
  });
}
