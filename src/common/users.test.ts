import { describe, expect, it } from 'vitest';
import {
  accountDeleteSchema,
  loginSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  resetLinkPath,
  signupSchema,
  twitterHandleLength,
  USER_LIMITS,
  USERS_PAGE_SIZE,
  userCreateSchema,
  userDeleteQuerySchema,
  userListQuerySchema,
  userUpdateSchema,
} from './users.ts';

/** The first error's message, or 'ok'. */
const said = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? 'ok' : r.error!.issues[0].message;

describe('account input schemas', () => {
  const good = { name: 'Sam Jones', username: 'Sam.Jones@Example.TEST', password: 'long-enough-1' };

  it('signs up with a trimmed, lower-case e-mail and a trimmed name', () => {
    expect(
      signupSchema.parse({ ...good, name: '  Sam Jones ', username: '  Sam.Jones@Example.TEST ' }),
    ).toEqual({
      name: 'Sam Jones',
      username: 'sam.jones@example.test',
      password: 'long-enough-1',
    });
  });

  it('refuses a bad e-mail, a short or long password, a blank or long name, and unknown fields', () => {
    expect(said(signupSchema.safeParse({ ...good, username: 'not-an-address' }))).toBe(
      'Enter a valid e-mail address.',
    );
    expect(said(signupSchema.safeParse({ ...good, username: `${'a'.repeat(250)}@x.test` }))).toBe(
      'The e-mail address is too long.',
    );
    expect(said(signupSchema.safeParse({ ...good, password: 'x'.repeat(PASSWORD_MIN - 1) }))).toBe(
      `The password must be at least ${PASSWORD_MIN} characters.`,
    );
    expect(said(signupSchema.safeParse({ ...good, password: 'x'.repeat(PASSWORD_MIN) }))).toBe('ok');
    expect(said(signupSchema.safeParse({ ...good, password: 'x'.repeat(PASSWORD_MAX) }))).toBe('ok');
    expect(said(signupSchema.safeParse({ ...good, password: 'x'.repeat(PASSWORD_MAX + 1) }))).toBe(
      `The password must be at most ${PASSWORD_MAX} characters.`,
    );
    expect(said(signupSchema.safeParse({ ...good, name: '   ' }))).toBe('Enter a name.');
    expect(said(signupSchema.safeParse({ ...good, name: 'n'.repeat(USER_LIMITS.name) }))).toBe('ok');
    expect(said(signupSchema.safeParse({ ...good, name: 'n'.repeat(USER_LIMITS.name + 1) }))).toBe(
      `The name is too long (${USER_LIMITS.name} characters at most).`,
    );
    expect(signupSchema.safeParse({ ...good, isSuperUser: true }).success).toBe(false);
    expect(said(signupSchema.safeParse({ ...good, name: 'a\u0000b' }))).toMatch(/NUL/);
  });

  it('logs in with any non-empty text, trimmed, and refuses blanks and unknown fields', () => {
    expect(loginSchema.parse({ username: ' Someone ', password: 'p' })).toEqual({
      username: 'Someone',
      password: 'p',
    });
    expect(said(loginSchema.safeParse({ username: ' ', password: 'p' }))).toBe('Enter your e-mail address.');
    expect(said(loginSchema.safeParse({ username: 'a', password: '' }))).toBe('Enter your password.');
    expect(loginSchema.safeParse({ username: 'a', password: 'x'.repeat(PASSWORD_MAX + 1) }).success).toBe(
      false,
    );
    expect(loginSchema.safeParse({ username: 'a', password: 'p', role: 'admin' }).success).toBe(false);
  });

  it('changes a password given the current one', () => {
    expect(said(passwordChangeSchema.safeParse({ newPassword: 'long-enough-2' }))).not.toBe('ok');
    expect(said(passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'long-enough-2' }))).toBe(
      'Enter your current password.',
    );
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'long-enough-2' }).success,
    ).toBe(true);
  });

  it('keeps a Twitter handle without its @, within 15 letters, digits and underscores', () => {
    expect(userUpdateSchema.parse({ twitter: ' @dynasty_guy ' })).toEqual({ twitter: 'dynasty_guy' });
    expect(userUpdateSchema.parse({ twitter: '' })).toEqual({ twitter: '' });
    expect(said(userUpdateSchema.safeParse({ twitter: 'a@b' }))).toBe(
      'A Twitter handle has only letters, digits and underscores.',
    );
    expect(said(userUpdateSchema.safeParse({ twitter: 'ab c' }))).toBe(
      'A Twitter handle has only letters, digits and underscores.',
    );
    expect(said(userUpdateSchema.safeParse({ twitter: `@${'h'.repeat(USER_LIMITS.twitter)}` }))).toBe('ok');
    expect(said(userUpdateSchema.safeParse({ twitter: 'h'.repeat(USER_LIMITS.twitter + 1) }))).toBe(
      `A Twitter handle is at most ${USER_LIMITS.twitter} characters.`,
    );
    expect(twitterHandleLength(' @abc ')).toBe(3);
    expect(twitterHandleLength('a@b')).toBe(3);
    expect(userUpdateSchema.safeParse({ id: 1 }).success).toBe(false);
    expect(userUpdateSchema.parse({ email: ' A@B.TEST ' })).toEqual({ email: 'a@b.test' });
  });

  it('creates an account as a plain user unless told, with no Twitter handle', () => {
    expect(
      userCreateSchema.parse({ name: 'New One', email: 'New@x.test', password: 'long-enough-3' }),
    ).toEqual({
      name: 'New One',
      email: 'new@x.test',
      twitter: '',
      password: 'long-enough-3',
      isContributor: false,
      isSuperUser: false,
    });
  });
});

describe('user list and delete queries', () => {
  it('pages 50 users from page 1 unless asked, within bounds', () => {
    expect(userListQuerySchema.parse({})).toEqual({ limit: USERS_PAGE_SIZE, page: 1 });
    expect(userListQuerySchema.parse({ limit: '200', page: '100000' })).toEqual({
      limit: 200,
      page: 100_000,
    });
    for (const bad of [{ limit: '0' }, { limit: '201' }, { page: '0' }, { page: '100001' }, { limit: '1.5' }])
      expect(userListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("reads the flags as 'true' or 'false' only", () => {
    expect(userListQuerySchema.parse({ isContributor: 'true', isAdmin: 'false' })).toMatchObject({
      isContributor: true,
      isAdmin: false,
    });
    expect(userListQuerySchema.parse({ isContributor: 'false' }).isContributor).toBe(false);
    expect(userListQuerySchema.safeParse({ isAdmin: 'yes' }).success).toBe(false);
  });

  it('names the contributor who takes the content by a numeric id', () => {
    expect(userDeleteQuerySchema.parse({ contentTo: '12' })).toEqual({ contentTo: 12 });
    expect(userDeleteQuerySchema.parse({})).toEqual({});
    for (const bad of ['x', '0', '-1', '1.5', ' 12', '2147483648', '12345678901'])
      expect(said(userDeleteQuerySchema.safeParse({ contentTo: bad })), bad).toBe(
        'Choose a contributor to hand the content to.',
      );
    expect(userDeleteQuerySchema.safeParse({ contentTo: '1', other: '2' }).success).toBe(false);
  });
});

describe('account control schemas', () => {
  const token = `${'A'.repeat(21)}_-${'z9'.repeat(10)}`;

  it('takes a reset token of exactly 43 base64url characters and a new password within the limits', () => {
    expect(token).toHaveLength(43);
    expect(passwordResetSchema.parse({ token, newPassword: 'long-enough-1' })).toEqual({
      token,
      newPassword: 'long-enough-1',
    });
    for (const bad of [
      token.slice(1),
      `${token}A`,
      `${token.slice(1)}=`,
      `${token.slice(1)}+`,
      `${token.slice(1)}/`,
    ])
      expect(said(passwordResetSchema.safeParse({ token: bad, newPassword: 'long-enough-1' }))).toBe(
        'This reset link is not complete: copy the whole link.',
      );
    expect(said(passwordResetSchema.safeParse({ token, newPassword: 'short' }))).toBe(
      `The password must be at least ${PASSWORD_MIN} characters.`,
    );
    expect(passwordResetSchema.safeParse({ token, newPassword: 'long-enough-1', userId: 1 }).success).toBe(
      false,
    );
  });

  it('asks for a reset with any trimmed text up to an e-mail’s length, so a wrong one is just not found', () => {
    expect(passwordResetRequestSchema.parse({ email: '  Who@Example.TEST ' })).toEqual({
      email: 'Who@Example.TEST',
    });
    expect(passwordResetRequestSchema.safeParse({ email: 'not an address' }).success).toBe(true);
    expect(said(passwordResetRequestSchema.safeParse({ email: '   ' }))).toBe('Enter your e-mail address.');
    expect(passwordResetRequestSchema.safeParse({ email: 'a'.repeat(USER_LIMITS.email + 1) }).success).toBe(
      false,
    );
  });

  it('deletes an account with a password and nothing else', () => {
    expect(accountDeleteSchema.parse({ password: 'x' })).toEqual({ password: 'x' });
    expect(said(accountDeleteSchema.safeParse({ password: '' }))).toBe('Enter your password.');
    expect(accountDeleteSchema.safeParse({ password: 'x'.repeat(PASSWORD_MAX + 1) }).success).toBe(false);
    expect(accountDeleteSchema.safeParse({ password: 'x', id: 3 }).success).toBe(false);
  });

  it('puts the token in the link’s fragment, which browsers never send to a server', () => {
    expect(resetLinkPath(token)).toBe(`/reset-password#token=${token}`);
  });
});
