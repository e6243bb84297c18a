import { describe, expect, it } from 'vitest';
import { cookieAccounts, maskEmail } from './visitor-accounts.ts';

describe("a visitor's accounts from the league cookies", () => {
  it('holds one account per service the cookies name, labelled, without an account id', () => {
    expect(
      cookieAccounts({
        MFL_USER_ID: 'mfl-cookie',
        SLEEPER_USER_ID: '42',
        SLEEPER_USER_NAME: 'sleepy',
        FLEAFLICKER_EMAIL: 'dana@example.test',
        other: 'x',
      }),
    ).toEqual([
      { service: 'mfl', label: 'MFL', credential: 'mfl-cookie' },
      { service: 'sleeper', label: 'sleepy', credential: '42' },
      { service: 'flea', label: 'd***@example.test', credential: 'dana@example.test' },
    ]);
  });

  it('holds nothing without cookies, and names a Sleeper account without its name cookie', () => {
    expect(cookieAccounts({})).toEqual([]);
    expect(cookieAccounts({ SLEEPER_USER_ID: '7', MFL_USER_ID: '' })).toEqual([
      { service: 'sleeper', label: 'Sleeper', credential: '7' },
    ]);
    expect(maskEmail('x')).toBe('***');
  });
});
