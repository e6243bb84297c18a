import { z } from 'zod';
import { rowIdText, text } from './text.ts';

/** A user as the API shows it; never carries the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  twitter: z.string(),
  isContributor: z.boolean(),
  isSuperUser: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

// Argon2 cost grows with the input, so very long passwords are refused rather than hashed.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Per client address, for log in, sign up and password changes together. */
export const AUTH_ATTEMPTS_PER_MINUTE = 10;
/**
 * Failed log-ins per account e-mail before the account is closed for the window to every address
 * that failed on it (an address that has not failed there may still try).
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/**
 * E-mail changes tried in that window, per account and per client network: a taken address is
 * refused, so each try tells whether an address has an account.
 */
export const EMAIL_CHANGES_PER_WINDOW = 5;
/** The cookie that marks a browser as one that has logged in to an account before (decision 032). */
export const KNOWN_BROWSER_COOKIE = 'known_browser';
/** How long a browser stays known without logging in again. */
export const KNOWN_BROWSER_DAYS = 365;
export const USERS_PAGE_SIZE = 50;
/** The longest name, e-mail address and Twitter handle (without its @) an account takes. */
export const USER_LIMITS = { name: 100, email: 254, twitter: 15 } as const;
/** The characters of a Twitter handle that count toward its limit: not the spaces or the @. */
export const twitterHandleLength = (handle: string) => handle.trim().replace(/^@/, '').length;

const email = text()
  .trim()
  .max(USER_LIMITS.email, 'The e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address.'))
  .transform((e) => e.toLowerCase());
const password = text()
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password must be at most ${PASSWORD_MAX} characters.`);
const name = text()
  .trim()
  .min(1, 'Enter a name.')
  .max(USER_LIMITS.name, `The name is too long (${USER_LIMITS.name} characters at most).`);
// Kept to what a handle can be, because pages build a link from it.
const twitter = text()
  .trim()
  .transform((h) => h.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(USER_LIMITS.twitter, `A Twitter handle is at most ${USER_LIMITS.twitter} characters.`)
      .regex(/^[A-Za-z0-9_]*$/, 'A Twitter handle has only letters, digits and underscores.'),
  );

/** Log-in payload: `username` holds the e-mail (the spec's contract). Checked loosely: a wrong value is just a failed log-in. */
export const loginSchema = z.strictObject({
  username: text().trim().min(1, 'Enter your e-mail address.').max(USER_LIMITS.email),
  password: text().min(1, 'Enter your password.').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.strictObject({ name, username: email, password });
export type SignupInput = z.input<typeof signupSchema>;

/**
 * The sign-up answer: the same for a new address and one that already has an account, so sign-up
 * tells no one which e-mails exist. The page then logs in with the same e-mail and password.
 */
export const signupAnswerSchema = z.object({ ok: z.literal(true) });

/** Changing one's own password: the current one is required. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: text().min(1, 'Enter your current password.').max(PASSWORD_MAX),
  newPassword: password,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** Fields a super user may set on any account; everyone else may not send them at all. */
export const roleFields = ['isContributor', 'isSuperUser'] as const;

/**
 * An edit of a user: every field optional; unknown fields are refused (no mass assignment). Changing
 * one's own e-mail needs `currentPassword` too.
 */
export const userUpdateSchema = z.strictObject({
  name: name.optional(),
  email: email.optional(),
  currentPassword: text().max(PASSWORD_MAX).optional(),
  twitter: twitter.optional(),
  isContributor: z.boolean().optional(),
  isSuperUser: z.boolean().optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** A super user adding an account (the + New button), with a first password to hand over. */
export const userCreateSchema = z.strictObject({
  name,
  email,
  twitter: twitter.default(''),
  password,
  isContributor: z.boolean().default(false),
  isSuperUser: z.boolean().default(false),
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** One entry of the contributor select. */
export const contributorSchema = z.object({ id: z.number().int(), name: z.string() });
export type Contributor = z.infer<typeof contributorSchema>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET /users: `isContributor=true` alone gives the contributor select's list (contributors and
 * super users may read it); with `isAdmin=true` (or no `isContributor`) it is the paged admin list
 * for super users, filtered to contributors when `isContributor=true`.
 */
export const userListQuerySchema = z.object({
  isContributor: flag.optional(),
  isAdmin: flag.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(USERS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const userListSchema = z.object({
  items: z.array(userSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

/**
 * DELETE /users/:id: `contentTo` names the contributor (or super user) who takes over the deleted
 * account's articles and profiles; without it they stay, credited to a former contributor.
 */
export const userDeleteQuerySchema = z.strictObject({
  contentTo: rowIdText('Choose a contributor to hand the content to.').optional(),
});
export type UserDeleteQuery = z.output<typeof userDeleteQuerySchema>;

/** How an item whose author's account was deleted is credited. */
export const FORMER_CONTRIBUTOR = 'Former contributor';

/** How long a password-reset link works (it works once). */
export const RESET_LINK_MINUTES = 30;

/** Deleting one's own account: the password confirms it is the owner. */
export const accountDeleteSchema = z.strictObject({
  password: text().min(1, 'Enter your password.').max(PASSWORD_MAX),
});
export type AccountDelete = z.input<typeof accountDeleteSchema>;

/** "Forgot password": the address to send a link to. Loose, like the log-in's: a wrong one just gets no mail. */
export const passwordResetRequestSchema = z.strictObject({
  email: text().trim().min(1, 'Enter your e-mail address.').max(USER_LIMITS.email),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/**
 * Whether the site sends reset links by mail; without mail a super user issues them, and `contact`
 * (CONTACT_EMAIL) is where to ask for one.
 */
export const passwordResetInfoSchema = z.object({ byMail: z.boolean(), contact: z.string().optional() });
export type PasswordResetInfo = z.infer<typeof passwordResetInfoSchema>;

/** A link's token as it travels: 43 base64url characters (256 random bits). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Setting a new password with a reset link's token. */
export const passwordResetSchema = z.strictObject({
  token: text().regex(RESET_TOKEN_PATTERN, 'This reset link is not complete: copy the whole link.'),
  newPassword: password,
});
export type PasswordReset = z.input<typeof passwordResetSchema>;

/** Whether a reset link still works, asked when its page opens (the link is not used up). */
export const passwordResetCheckSchema = z.strictObject({ token: passwordResetSchema.shape.token });
export type PasswordResetCheck = z.input<typeof passwordResetCheckSchema>;

/** A link a super user issued, shown to them once. */
export const resetLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof resetLinkSchema>;

/** The reset page's address; the token rides in the fragment, so it reaches no server log or Referer. */
export const resetLinkPath = (token: string) => `/reset-password#token=${token}`;
