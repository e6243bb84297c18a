import { describe, expect, it } from 'vitest';
import { PLAIN_WORDS } from '../http/validation-message.ts';
import { passwordProblem } from './password-rules.ts';

describe('password rules', () => {
  it('refuses the common and leaked list in any case, and the e-mail or name', () => {
    for (const p of ['password', '12345678', 'Password', 'QWERTYUIOP', 'letmein1', 'trustno1'])
      expect(passwordProblem(p), p).toMatch(/most common/);
    expect(passwordProblem('sam.jones@example.test', { email: 'Sam.Jones@example.test' })).toMatch(/e-mail/);
    expect(passwordProblem('sam.jones', { email: 'sam.jones@example.test' })).toMatch(/e-mail/);
    expect(passwordProblem('Gridiron Greg', { name: 'gridiron greg' })).toMatch(/name/);
    expect(passwordProblem('purple-tractor-mountain')).toBeNull();
  });

  it('refuses a password too easy to guess, saying why in words', () => {
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
      const problem = passwordProblem(password, { name: 'Greg' });
      expect(problem, password).toMatch(/^This password is too easy to guess\. /);
      expect(problem, password).toMatch(why);
      expect(problem, password).toMatch(PLAIN_WORDS);
    }
    expect(passwordProblem('gridirongreg77', { email: 'gridirongreg@example.test' })).toMatch(
      /holds your e-mail address or your name/,
    );
    for (const strong of ['correct horse battery staple', 'qz7!fw3kp', 'Tr0ub4dor&3', 'first-password-1'])
      expect(passwordProblem(strong), strong).toBeNull();
  });
});
