import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, signupSchema, userSchema } from '../../common/users.ts';
import type { Db } from '../db/client.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { requireUser } from './current-user.ts';
import { accountLoginLimit, perAddressLimit } from './login-limits.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { createSession, destroySession, SESSION_COOKIE } from './sessions.ts';
import { findLogin, insertUser } from './users.ts';

// One message for an unknown e-mail and a wrong password, so the answer reveals no accounts.
const LOGIN_FAILED = 'Incorrect e-mail or password.';

/** POST /login, /signup, /logout and GET /users/currentUser. */
export async function authRoutes(scope: FastifyInstance, db: Db) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const accountLimit = accountLoginLimit(scope);

  app.post(
    '/login',
    { config: perAddressLimit, schema: { body: loginSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      await accountLimit.check(req);
      const { username, password } = req.body;
      const account = await findLogin(db, username);
      // An unknown e-mail still pays for one hash check, so timing does not tell it apart.
      const ok = await verifyPassword(account?.passwordHash ?? (await dummyHash()), password);
      if (!account || !ok) {
        await accountLimit.recordFailure(req);
        throw unauthorized(LOGIN_FAILED);
      }
      // A token that existed before the log-in is never kept (session fixation).
      await destroySession(db, req.cookies[SESSION_COOKIE]);
      setSessionCookie(req, reply, await createSession(db, account.id));
      const { passwordHash: _, ...user } = account;
      return user;
    },
  );

  app.post(
    '/signup',
    { config: perAddressLimit, schema: { body: signupSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      const { name, username, password } = req.body;
      // Checked first to spare the hash; the unique index still decides a race.
      if (await findLogin(db, username))
        throw new HttpError(409, 'An account with this e-mail address already exists.');
      const user = await insertUser(db, {
        name,
        email: username,
        passwordHash: await hashPassword(password),
      });
      await destroySession(db, req.cookies[SESSION_COOKIE]);
      setSessionCookie(req, reply, await createSession(db, user.id));
      return user;
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req, reply) => {
      await destroySession(db, req.cookies[SESSION_COOKIE]);
      clearSessionCookie(req, reply);
      return { ok: true as const };
    },
  );

  app.get('/users/currentUser', { schema: { response: { 200: userSchema } } }, async (req) =>
    requireUser(req),
  );
}
