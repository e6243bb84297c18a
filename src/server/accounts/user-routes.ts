import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_NAME } from '#common/site.ts';
import { rowIdText } from '#common/text.ts';
import {
  contributorSchema,
  EMAIL_CHANGES_PER_WINDOW,
  LOGIN_FAILURE_WINDOW_MINUTES,
  roleFields,
  userCreateSchema,
  userDeleteQuerySchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
} from '#common/users.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { bumpContentVersion } from '../http/public-cache.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireAdmin, requireSuperUser, requireUser } from './current-user.ts';
import { type currentPasswordCheck, minutesLeft } from './login-limits.ts';
import { dropResetTokens } from './password-resets.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { setSessionCookie } from './session-cookie.ts';
import { createSession, destroyUserSessions } from './sessions.ts';
import {
  deleteUser,
  findLoginById,
  findUser,
  insertUser,
  listContributors,
  listUsers,
  updateUser,
} from './users.ts';

// Digits only: '1e3' or ' 7' are not ids. The bound keeps it inside PostgreSQL's integer.
const idParams = z.object({ id: rowIdText() });

// Checked before the body or query is validated, so a visitor learns nothing from the schema.
const signedIn = async (req: Parameters<typeof requireUser>[0]) => {
  requireUser(req);
};

/** The user fields public content shows: the author's name on articles, profiles and the feed. */
const publicFields = ['name'] as const;

export interface UserRoutesOptions {
  cache: Cache;
  /** The old address is told of an e-mail change when the site sends mail. */
  mailer?: Mailer;
  checkCurrentPassword: ReturnType<typeof currentPasswordCheck>;
}

/** GET/POST /users and /users/:id, DELETE /users/:id. Who may do what is decided here, on the server. */
export async function userRoutes(
  scope: FastifyInstance,
  db: Db,
  { cache, mailer, checkCurrentPassword }: UserRoutesOptions,
) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // E-mail changes tried, per account and per client network: a taken address answers 409, so each
  // try tells whether an address has an account, and these counts keep that slow (decision 032).
  const emailChangeCount = (key: (req: FastifyRequest) => string) =>
    scope.createRateLimit({
      max: EMAIL_CHANGES_PER_WINDOW,
      timeWindow: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      keyGenerator: (req) => `email-changes:${key(req)}`,
    });
  const emailChangesPerAccount = emailChangeCount((req) => `user:${req.user?.id ?? 0}`);
  const emailChangesPerNetwork = emailChangeCount((req) => `network:${req.clientNetwork}`);
  const countEmailChange = async (req: FastifyRequest) => {
    for (const count of [emailChangesPerAccount, emailChangesPerNetwork]) {
      const state = await count(req);
      if (!state.isAllowed && state.isExceeded)
        throw new HttpError(
          429,
          `Too many e-mail changes. Please wait ${minutesLeft(state.ttl)} and try again.`,
        );
    }
  };

  app.get(
    '/users',
    {
      onRequest: signedIn,
      schema: {
        querystring: userListQuerySchema,
        response: { 200: z.union([z.array(contributorSchema), userListSchema]) },
      },
    },
    async (req) => {
      const { isContributor, isAdmin, page, limit } = req.query;
      if (isContributor && !isAdmin) {
        requireAdmin(req);
        return listContributors(db);
      }
      requireSuperUser(req);
      const { items, total } = await listUsers(db, { page, limit, contributorsOnly: Boolean(isContributor) });
      return { items, total, page, limit };
    },
  );

  app.post(
    '/users',
    { onRequest: signedIn, schema: { body: userCreateSchema, response: { 200: userSchema } } },
    async (req) => {
      requireSuperUser(req);
      const { password, ...fields } = req.body;
      await assertPasswordAllowed(password, { email: fields.email, name: fields.name });
      return insertUser(db, { ...fields, passwordHash: await hashPassword(password) });
    },
  );

  app.get(
    '/users/:id',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: userSchema } } },
    async (req) => {
      const me = requireUser(req);
      if (req.params.id !== me.id) requireSuperUser(req);
      const user = await findUser(db, req.params.id);
      if (!user) throw notFound('No user with that id.');
      return user;
    },
  );

  app.post(
    '/users/:id',
    {
      onRequest: signedIn,
      schema: { params: idParams, body: userUpdateSchema, response: { 200: userSchema } },
    },
    async (req, reply) => {
      const me = requireUser(req);
      const own = req.params.id === me.id;
      if (!own) requireSuperUser(req);
      // Roles are only ever set by a super user; sending them otherwise is refused, not ignored.
      if (!me.isSuperUser && roleFields.some((f) => req.body[f] !== undefined))
        throw forbidden('Only super users may change roles.');
      const { currentPassword, ...changes } = req.body;
      const before = changes.email === undefined ? undefined : await findLoginById(db, req.params.id);
      const emailChange = before && before.email.toLowerCase() !== changes.email ? before : undefined;
      if (emailChange) {
        // Whoever holds a session must also know the password to move the account's mail elsewhere.
        // A super user changing someone else's address is not asked: they may issue that account a
        // reset link anyway, and they can read every address, so there is nothing to probe either.
        if (own) {
          if (!currentPassword)
            throw badRequest('Enter your current password to change your e-mail address.', 'currentPassword');
          await checkCurrentPassword(req, emailChange, currentPassword, {
            message: 'The current password is not right.',
            field: 'currentPassword',
          });
        }
        if (!me.isSuperUser) await countEmailChange(req);
      }
      const user = await updateUser(db, req.params.id, changes, me.id);
      if (!user) throw notFound('No user with that id.');
      if (emailChange) {
        // Reset links went to the old address and sessions may be a thief's: all of them end. The
        // owner's own browser, when it made the change, gets a fresh session.
        await dropResetTokens(db, user.id);
        await destroyUserSessions(db, user.id);
        if (own) setSessionCookie(req, reply, await createSession(db, user.id), user);
        req.log.info({ userId: user.id, by: me.id }, 'account e-mail changed');
        if (mailer) tellOldAddress(req, mailer, emailChange.email, user.email);
      }
      // Public articles and profiles name their author, so cached content answers are retired.
      if (publicFields.some((f) => req.body[f] !== undefined)) await bumpContentVersion(cache);
      return user;
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: async (req) => void requireSuperUser(req),
      schema: { params: idParams, querystring: userDeleteQuerySchema },
    },
    async (req) => {
      const me = requireSuperUser(req);
      const moved = await deleteUser(db, me, req.params.id, req.query.contentTo);
      // Public pages name the author, so cached content answers are retired.
      await bumpContentVersion(cache);
      return { deleted: req.params.id, ...moved };
    },
  );
}

/** Mails the account's former address that it changed, after the answer: the mail's fate is only logged. */
function tellOldAddress(req: FastifyRequest, mailer: Mailer, oldEmail: string, newEmail: string) {
  const log = req.log;
  mailer
    .send({
      to: oldEmail,
      subject: `The e-mail address of your ${SITE_NAME} account was changed`,
      text: emailChangedMailText(newEmail),
    })
    .then(
      () => log.info('e-mail change told to the old address'),
      (err) => log.error({ err }, 'e-mail change could not be told to the old address'),
    );
}

/** The words mailed to the old address: what changed, to what (partly hidden), and what to do if it was not them. */
export function emailChangedMailText(newEmail: string): string {
  const [local, domain] = newEmail.split('@');
  const shown = `${local.slice(0, 2)}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
  return [
    `The e-mail address of your ${SITE_NAME} account was changed to ${shown}.`,
    'Every device that was logged in to the account has been logged out, and password-reset links',
    'sent to this address no longer work.',
    '',
    'If you did not make this change, someone else knows your password: ask a site administrator to',
    'give the account back to you.',
  ].join('\n');
}
