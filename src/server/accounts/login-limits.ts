import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_FAILURES_PER_ACCOUNT } from '#common/users.ts';
import { HttpError } from '../http/errors.ts';
import { guessingLimit, minutes } from '../http/guessing-limit.ts';
import type { KnownBrowsers } from '../http/known-browsers.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Route option for log in and sign up: `max` attempts a minute per client network (an IPv4
 * address, an IPv6 /64; shared through Redis when set).
 */
export const perAddressLimit = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000 },
});

/**
 * What a known browser has proven: the account with its current password (the hash changes with
 * every new password, so a browser that logged in with an old one is no longer known).
 */
export const accountSubject = (account: { id: number; passwordHash: string }) =>
  `account:${account.id}:${account.passwordHash}`;

/** A wait in the refusals' words: the minutes left of `ttlMs`, at least one. */
export const minutesLeft = (ttlMs: number) => minutes(Math.max(1, Math.ceil(ttlMs / 60_000)));

const refusal = (what: string) => (n: number, knownBrowser: boolean) =>
  knownBrowser
    ? `Too many ${what} for this account. Please wait ${minutes(n)} and try again.`
    : `Too many ${what} for this account. Please wait ${minutes(n)}, or use a browser you have logged in with before.`;

/**
 * Failed log-ins counted per account e-mail (decision 032): each browser that has logged in to the
 * account before has its own budget, every other client shares one, so a guesser spread over many
 * networks gets no more guesses and cannot lock the owner's browser out. Any e-mail is counted,
 * known or not, so the limit itself reveals nothing about accounts.
 */
export function accountLoginLimit(app: FastifyInstance) {
  return guessingLimit(app, {
    name: 'login-failures',
    max: LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    refusal: refusal('attempts'),
  });
}

/**
 * Wrong current passwords (a password change, an e-mail change, deleting the account), counted per
 * account the same way: a stolen session cannot guess the password from network after network,
 * while the owner's browser can still use it.
 */
export function currentPasswordCheck(app: FastifyInstance, known: KnownBrowsers) {
  const limit = guessingLimit(app, {
    name: 'password-change-failures',
    max: LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    refusal: refusal('wrong passwords'),
  });
  /** Refuses (403, with `wrong` as the words and `field` as the field) unless `password` is the account's. */
  return async (
    req: FastifyRequest,
    account: { id: number; passwordHash: string },
    password: string,
    wrong: { message: string; field?: string },
  ) => {
    const guess = { subject: `user:${account.id}`, knownBrowser: known.known(req, accountSubject(account)) };
    await limit.check(req, guess);
    if (!(await verifyPassword(account.passwordHash, password))) {
      await limit.recordFailure(req, guess);
      throw new HttpError(403, wrong.message, wrong.field);
    }
  };
}
