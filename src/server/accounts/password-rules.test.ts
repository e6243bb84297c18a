import { describe, expect, it } from 'vitest';
import { PLAIN_WORDS } from '../http/validation-message.ts';
import { assertPasswordAllowed, passwordProblem } from './password-rules.ts';

describe('password rules', async () => {
  it('refuses the common and leaked list in any case, and the e-mail or name', async () => {
    for (const p of ['password', '12345678', 'Password', 'QWERTYUIOP', 'letmein1', 'trustno1'])
      expect(await passwordProblem(p), p).toMatch(/most common/);
    expect(await passwordProblem('sam.jones@example.test', { email: 'Sam.Jones@example.test' })).toMatch(
      /e-mail/,
    );
    expect(await passwordProblem('sam.jones', { email: 'sam.jones@example.test' })).toMatch(/e-mail/);
    expect(await passwordProblem('Gridiron Greg', { name: 'gridiron greg' })).toMatch(/name/);
    expect(await passwordProblem('purple-tractor-mountain')).toBeNull();
  });

  it('refuses a password too easy to guess, saying why in words', async () => {
    const reasons: Record<string, RegExp> = {
      aaaaaaaa: /Repeated characters, like “aaa”, are easy to guess\./,
      abcdefgh: /Runs like “abcd” or “6543” are easy to guess\./,
      summer2024: /very like a commonly used password/,
      dynastyforge: /Add a few more words/,
      zzzzzzzzzzzz: /Repeated characters/,
      'qz7!fw3k': /Add a few more words/,
      greg1990: /.+/,
    };
    for (const [password, why] of Object.entries(reasons)) {
      const problem = await passwordProblem(password, { name: 'Greg' });
      expect(problem, password).toMatch(/^This password is too easy to guess\. /);
      expect(problem, password).toMatch(why);
      expect(problem, password).toMatch(PLAIN_WORDS);
    }
    expect(await passwordProblem('gridirongreg77', { email: 'gridirongreg@example.test' })).toMatch(
      /holds your e-mail address or your name/,
    );
    for (const strong of ['correct horse battery staple', 'qz7!fw3kp', 'Tr0ub4dor&3', 'first-password-1'])
      expect(await passwordProblem(strong), strong).toBeNull();
  });

  it('knows the site’s name and fantasy football’s words, spaced out or doubled too', async () => {
    const refused = [
      'DynastyForge2026',
      'dynastyforge.com',
      'superflex1',
      'Superflex2026!',
      'dynastyrookies',
      's u p e r f l e x',
      'f-a-n-t-a-s-y-1',
      'superflexsuperflex',
      'TouchdownTouchdown',
    ];
    for (const p of refused) expect(await passwordProblem(p), p).not.toBeNull();
    const account = { email: 'greg@example.test', name: 'Gridiron Greg' };
    for (const p of ['gridirongreggridirongreg', 'Gridiron Greg Gridiron Greg', 'g r i d i r o n g r e g'])
      expect(await passwordProblem(p, account), p).not.toBeNull();
    // Passwords of the README, the demo and the tests stay good.
    for (const strong of [
      'admin-pass-1234',
      'quiet meadow lantern 4821',
      'e2e-password-123',
      'a-new-password-42',
    ])
      expect(await passwordProblem(strong), strong).toBeNull();
  });
});

describe('password rules, message by message', async () => {
  const mine = 'The password must not be your e-mail address or your name. Choose another.';
  const tooEasy = (why: string) =>
    `This password is too easy to guess. ${why ? `${why} ` : ''}Add a few more words; uncommon ones are better.`;

  it('refuses the e-mail, its part before the @, or the name, in any case and around spaces', async () => {
    const account = { email: 'Sam.Jones@Example.TEST', name: ' Gridiron Greg ' };
    expect(await passwordProblem('SAM.JONES@example.test', account)).toBe(mine);
    expect(await passwordProblem('sam.JONES', account)).toBe(mine);
    expect(await passwordProblem('GRIDIRON GREG', account)).toBe(mine);
    // Without the account, the same text is judged on its strength alone.
    expect(await passwordProblem('SAM.JONES@example.test')).not.toBe(mine);
    expect(await passwordProblem('gridiron greg', { email: 'x@y.test' })).not.toBe(mine);
  });

  it('says what zxcvbn found, else its most useful advice, then always the advice to add words', async () => {
    expect(await passwordProblem('dynastyforge')).toBe(tooEasy(''));
    expect(await passwordProblem('HORSEBATTERY')).toBe(tooEasy('Capitalize some letters, not all.'));
    expect(await passwordProblem('yrettabesroh')).toBe(
      tooEasy('A common word spelled backwards does not help much.'),
    );
    expect(await passwordProblem('19841984')).toBe(
      tooEasy('Repeated groups, like “abcabcabc”, are easy to guess.'),
    );
    expect(await passwordProblem('greg1990', { name: 'Greg' })).toBe(
      tooEasy('It holds your e-mail address or your name.'),
    );
  });

  it('throws a 400 naming the field, or nothing for a good password', async () => {
    await expect(assertPasswordAllowed('purple-tractor-mountain')).resolves.toBeUndefined();
    const common = 'This password is one of the most common, leaked passwords. Choose another.';
    await expect(assertPasswordAllowed('password', {}, 'newPassword')).rejects.toMatchObject({
      statusCode: 400,
      message: common,
      field: 'newPassword',
    });
    await expect(assertPasswordAllowed('password')).rejects.toMatchObject({ field: 'password' });
  });
});
