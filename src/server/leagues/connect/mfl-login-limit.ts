import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '#server/http/errors.ts';
import { guessingLimit, minutes } from '#server/http/guessing-limit.ts';
import type { KnownBrowsers } from '#server/http/known-browsers.ts';

/** Wrong MFL passwords allowed per client network in the window, before log-ins from it get 429. */
export const MFL_LOGIN_FAILURES = 10;
/** Wrong passwords for one MFL user name in the window, per known browser and for all others together. */
export const MFL_LOGIN_FAILURES_PER_USER = 10;
const MFL_LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** What a browser that logged in to MFL through the site has proven. */
const mflSubject = (username: string) => `mfl:${username.trim().toLowerCase()}`;

/**
 * Wrong MFL passwords counted per client network (an IPv4 address, an IPv6 /64) and per MFL user
 * name, in the rate-limit plugin's store (with Redis every server copy shares the counts), so the
 * MFL login cannot be used to guess passwords: not from one network, however many addresses it
 * rotates through, nor at one user name from many networks (decision 032: a browser that has logged
 * in to the user name here before has its own count, every other client shares one). Only MFL's
 * refusals count: a visitor who logs in fine, or meets MFL down, is never held back.
 */
export function mflLoginLimit(fastify: FastifyInstance, known: KnownBrowsers) {
  const perNetwork = fastify.createRateLimit({
    max: MFL_LOGIN_FAILURES,
    timeWindow: MFL_LOGIN_FAILURE_WINDOW_MS,
    keyGenerator: (req) => `mfl-login-failures:${req.clientNetwork}`,
  });
  const perUser = guessingLimit(fastify, {
    name: 'mfl-login-user-failures',
    max: MFL_LOGIN_FAILURES_PER_USER,
    windowMs: MFL_LOGIN_FAILURE_WINDOW_MS,
    refusal: (n, knownBrowser) =>
      knownBrowser
        ? `Too many wrong passwords for this MFL user name. Please wait ${minutes(n)} and try again.`
        : `Too many wrong passwords for this MFL user name. Please wait ${minutes(n)}, or use a browser you have logged in to MFL with here before.`,
  });
  const guess = (req: FastifyRequest) => {
    const { username } = req.body as { username: string };
    return { subject: username, knownBrowser: known.known(req, mflSubject(username)) };
  };
  return {
    async check(req: FastifyRequest, reply: FastifyReply) {
      const state = await perNetwork(req, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(state.ttl / 1000))));
        throw new HttpError(
          429,
          `Too many wrong MFL passwords from your address. Please wait ${minutes(Math.max(1, Math.ceil(state.ttl / 60_000)))} and try again.`,
        );
      }
      await perUser.check(req, guess(req));
    },
    async record(req: FastifyRequest) {
      await perNetwork(req);
      await perUser.recordFailure(req, guess(req));
    },
    remember(req: FastifyRequest, reply: FastifyReply) {
      known.remember(req, reply, mflSubject((req.body as { username: string }).username));
    },
  };
}
