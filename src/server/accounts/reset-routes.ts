import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_NAME } from '#common/site.ts';
import { rowIdText } from '#common/text.ts';
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  passwordResetCheckSchema,
  passwordResetInfoSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_LINK_MINUTES,
  resetLinkPath,
  resetLinkSchema,
} from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { KnownBrowsers } from '../http/known-browsers.ts';
import { type SiteAddress, siteOrigin } from '../http/origin.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireSuperUser } from './current-user.ts';
import { accountSubject, perAddressLimit } from './login-limits.ts';
import { issueResetToken, resetTokenAccount, useResetToken } from './password-resets.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { findLogin, findUser } from './users.ts';

/** Reset mails one address may be sent in the log-in limits' window, however many ask. */
export const RESET_MAILS_PER_ADDRESS = 3;

const ok = z.object({ ok: z.literal(true) });

export interface ResetRoutesOptions {
  config: SiteAddress & { authAttemptsPerMinute: number; contactEmail?: string };
  /** Without one, links are only issued by super users (the admin user page). */
  mailer?: Mailer;
  known: KnownBrowsers;
}

/**
 * Password reset (decision 023): GET /password-reset (by mail or not, and whom to ask),
 * POST /password-reset/request ("Forgot password", mails a link), POST /password-reset/check (whether
 * a link still works), POST /password-reset (a link's token and the new password), and
 * POST /users/:id/password-reset (a super user issues a link to hand over).
 */
export async function resetRoutes(
  scope: FastifyInstance,
  db: Db,
  { config, mailer, known }: ResetRoutesOptions,
) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const perAddress = perAddressLimit(config.authAttemptsPerMinute);
  const origin = siteOrigin(config);
  // Mails to one address, whoever asks: so nobody can fill someone's inbox with links.
  const mailsPerAddress = scope.createRateLimit({
    max: RESET_MAILS_PER_ADDRESS,
    timeWindow: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    keyGenerator: (req) => `password-reset-mail:${(req.body as { email: string }).email.toLowerCase()}`,
  });

  app.get('/password-reset', { schema: { response: { 200: passwordResetInfoSchema } } }, async () => ({
    byMail: mailer !== undefined,
    ...(config.contactEmail && { contact: config.contactEmail }),
  }));

  // The link's page asks at once, so a used or expired link is said before anyone types a password.
  app.post(
    '/password-reset/check',
    { config: perAddress, schema: { body: passwordResetCheckSchema, response: { 200: ok } } },
    async (req) => {
      await resetTokenAccount(db, req.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/password-reset/request',
    { config: perAddress, schema: { body: passwordResetRequestSchema, response: { 200: ok } } },
    async (req) => {
      if (!mailer)
        throw new HttpError(503, 'This site sends no mail: ask a site administrator for a reset link.');
      // Every address is counted, known or not, so the count itself tells nothing.
      const count = await mailsPerAddress(req);
      if (!count.isAllowed && count.isExceeded) return { ok: true as const };
      // The answer is the same, and as quick, whether the address has an account or not: the link is
      // made and mailed after the answer, and only the log says what happened.
      const account = await findLogin(db, req.body.email);
      if (!account) return { ok: true as const };
      const log = req.log;
      const site = origin(req);
      void (async () => {
        const { token } = await issueResetToken(db, account.id);
        await mailer.send({
          to: account.email,
          subject: `Reset your ${SITE_NAME} password`,
          text: resetMailText(`${site}${resetLinkPath(token)}`),
        });
      })().then(
        () => log.info({ userId: account.id }, 'password-reset mail sent'),
        (err) => log.error({ err, userId: account.id }, 'password-reset mail could not be sent'),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/password-reset',
    { config: perAddress, schema: { body: passwordResetSchema, response: { 200: ok } } },
    async (req, reply) => {
      const { token, newPassword } = req.body;
      const account = await resetTokenAccount(db, token);
      await assertPasswordAllowed(newPassword, { email: account.email, name: account.name }, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      const userId = await useResetToken(db, token, passwordHash);
      // Every session of the account has ended; this browser's cookie goes if it was one of them.
      if (req.user?.id === userId) clearSessionCookie(req, reply);
      // Holding the link proves the account as a log-in does: this browser may log in with the new
      // password even while strangers' guesses have spent the account's budget for other browsers.
      known.remember(req, reply, accountSubject({ id: userId, passwordHash }));
      req.log.info({ userId }, 'password reset with a link');
      return { ok: true as const };
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      onRequest: async (req) => void requireSuperUser(req),
      schema: { params: z.object({ id: rowIdText() }), response: { 200: resetLinkSchema } },
    },
    async (req) => {
      const me = requireSuperUser(req);
      const user = await findUser(db, req.params.id);
      if (!user) throw notFound('No user with that id.');
      const { token, expiresAt } = await issueResetToken(db, user.id);
      req.log.info({ userId: user.id, by: me.id }, 'password-reset link issued by a super user');
      return { link: `${origin(req)}${resetLinkPath(token)}`, expiresAt: expiresAt.toISOString() };
    },
  );
}

/** The mail's words: what the link does, for how long, and what to do if it was not asked for. */
export function resetMailText(link: string): string {
  return [
    `Someone (we hope it was you) asked to reset the password of your ${SITE_NAME} account.`,
    '',
    `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password. It works once, and`,
    'every device logged in to your account is logged out when you use it:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
}
