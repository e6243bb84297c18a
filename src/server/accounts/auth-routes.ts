import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeleteSchema,
  loginSchema,
  passwordChangeSchema,
  signupAnswerSchema,
  signupSchema,
  userSchema,
} from '#common/users.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { badRequest, HttpError, unauthorized } from '../http/errors.ts';
import type { KnownBrowsers } from '../http/known-browsers.ts';
import { bumpContentVersion } from '../http/public-cache.ts';
import { requireUser } from './current-user.ts';
import {
  accountLoginLimit,
  accountSubject,
  type currentPasswordCheck,
  perAddressLimit,
} from './login-limits.ts';
import { dropResetTokens } from './password-resets.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  clearLeagueCookies,
  clearSessionCookie,
  keepSessionHint,
  setSessionCookie,
} from './session-cookie.ts';
import { createSession, destroySession, destroyUserSessions, SESSION_COOKIE } from './sessions.ts';
import { deleteOwnAccount, findLogin, findLoginById, insertUser, setPasswordHash } from './users.ts';

// One message for an unknown e-mail and a wrong password, so the answer reveals no accounts.
const LOGIN_FAILED = 'Incorrect e-mail or password.';

export interface AuthRoutesOptions {
  attemptsPerMinute: number;
  cache: Cache;
  /**
   * A deleted account's consent to share MFL drafts is withdrawn with it (the league routes' sharing
   * hooks, leagues/connect/kit.ts): what only it shared goes.
   */
  mflSharing?: { forgetUser(userId: number): Promise<{ leagues: number; drafts: number }> };
  known: KnownBrowsers;
  /** The current password asked again (password change, deletion), its wrong guesses counted. */
  checkCurrentPassword: ReturnType<typeof currentPasswordCheck>;
}

/**
 * POST /login, /signup, /logout, GET /users/currentUser, its password change and its deletion.
 */
export async function authRoutes(
  scope: FastifyInstance,
  db: Db,
  { attemptsPerMinute, cache, mflSharing, known, checkCurrentPassword }: AuthRoutesOptions,
) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const accountLimit = accountLoginLimit(scope);
  const perAddress = perAddressLimit(attemptsPerMinute);

  app.post(
    '/login',
    { config: perAddress, schema: { body: loginSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      const { username, password } = req.body;
      const account = await findLogin(db, username);
      // Counted by the e-mail as typed, so an unknown one is counted as a real one is.
      const guess = {
        subject: username,
        knownBrowser: account && known.known(req, accountSubject(account)),
      };
      await accountLimit.check(req, guess);
      // An unknown e-mail still pays for one hash check, so timing does not tell it apart.
      const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash()), password);
      if (!account || !ok) {
        await accountLimit.recordFailure(req, guess);
        throw unauthorized(LOGIN_FAILED);
      }
      known.remember(req, reply, accountSubject(account));
      // A token that existed before the log-in is never kept (session fixation).
      await destroySession(db, req.cookies[SESSION_COOKIE]);
      setSessionCookie(req, reply, await createSession(db, account.id), account);
      const { passwordHash: _, ...user } = account;
      return user;
    },
  );

  app.post(
    '/signup',
    { config: perAddress, schema: { body: signupSchema, response: { 200: signupAnswerSchema } } },
    async (req) => {
      const { name, username, password } = req.body;
      await assertPasswordAllowed(password, { email: username, name });
      // Both paths pay for one hash and answer the same, so sign-up reveals no accounts. A new
      // account is not logged in here: the page logs in next, as the owner of an existing one would.
      const passwordHash = await hashPassword(password);
      const existing = await findLogin(db, username);
      if (existing) {
        // Without outgoing mail the owner cannot be told; the log keeps the attempt.
        req.log.info({ userId: existing.id }, 'sign-up tried with the e-mail of an existing account');
        return { ok: true as const };
      }
      try {
        await insertUser(db, { name, email: username, passwordHash });
      } catch (err) {
        // Two sign-ups for one address at once: the unique index decides, the answer stays the same.
        if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/users/currentUser/password',
    {
      config: perAddress,
      onRequest: async (req) => {
        requireUser(req);
      },
      schema: { body: passwordChangeSchema, response: { 200: userSchema } },
    },
    async (req, reply) => {
      const me = requireUser(req);
      const { currentPassword, newPassword } = req.body;
      const account = await findLoginById(db, me.id);
      if (!account) throw unauthorized();
      // Guessing the current password from a stolen session is counted per account, as log-ins are.
      await checkCurrentPassword(req, account, currentPassword, {
        message: 'The current password is not right.',
      });
      if (newPassword === currentPassword)
        throw badRequest('Choose a password you have not been using.', 'newPassword');
      await assertPasswordAllowed(newPassword, { email: account.email, name: account.name }, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await setPasswordHash(db, me.id, passwordHash);
      // This browser has just proven the new password; the others must log in with it.
      known.remember(req, reply, accountSubject({ id: me.id, passwordHash }));
      // A reset link made for the old password is of no more use.
      await dropResetTokens(db, me.id);
      // Every session of the account ends, this one too; this browser gets a fresh one.
      await destroyUserSessions(db, me.id);
      setSessionCookie(req, reply, await createSession(db, me.id), me);
      return me;
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req, reply) => {
      // The cookie goes and the session ends whatever the database can do right now (a full disk).
      const token = req.cookies[SESSION_COOKIE];
      clearSessionCookie(req, reply);
      clearLeagueCookies(req, reply);
      if (token) await scope.sessionEnds.end(token);
      return { ok: true as const };
    },
  );

  app.delete(
    '/users/currentUser',
    {
      config: perAddress,
      onRequest: async (req) => {
        requireUser(req);
      },
      schema: { body: accountDeleteSchema, response: { 200: z.object({ deleted: z.number().int() }) } },
    },
    async (req, reply) => {
      const me = requireUser(req);
      const account = await findLoginById(db, me.id);
      if (!account) throw unauthorized();
      // The password is asked again, and guessing it from a stolen session is counted as for a change.
      await checkCurrentPassword(req, account, req.body.password, { message: 'The password is not right.' });
      // The row goes in one transaction, its sessions, reset links and saved connections with it.
      const moved = await deleteOwnAccount(db, me.id);
      const withdrawn = await mflSharing?.forgetUser(me.id);
      // Articles and profiles name their author, who is now a former contributor.
      if (moved.articles + moved.profiles > 0) await bumpContentVersion(cache);
      clearSessionCookie(req, reply);
      req.log.info(
        { userId: me.id, ...moved, sharedLeaguesRemoved: withdrawn?.leagues ?? 0 },
        'account deleted by its owner',
      );
      return { deleted: me.id };
    },
  );

  app.get('/users/currentUser', { schema: { response: { 200: userSchema } } }, async (req, reply) => {
    const me = requireUser(req);
    keepSessionHint(req, reply, me);
    return me;
  });
}
