import type { TranslationKeys } from '@zxcvbn-ts/core';
import { badRequest } from '../http/errors.ts';

/** zxcvbn's score (0–4) a new password must reach: 3 is about 10^8 guesses, "safely unguessable". */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn's findings in the site's words (its own defaults are translation keys). */
const words: TranslationKeys = {
  warnings: {
    straightRow: 'Straight rows of keys, like “qwerty”, are easy to guess.',
    keyPattern: 'Short patterns on the keyboard are easy to guess.',
    simpleRepeat: 'Repeated characters, like “aaa”, are easy to guess.',
    extendedRepeat: 'Repeated groups, like “abcabcabc”, are easy to guess.',
    sequences: 'Runs like “abcd” or “6543” are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'It is one of the ten most used passwords.',
    topHundred: 'It is one of the hundred most used passwords.',
    common: 'It is a commonly used password.',
    similarToCommon: 'It is very like a commonly used password.',
    wordByItself: 'A single word is easy to guess.',
    namesByThemselves: 'Names on their own are easy to guess.',
    commonNames: 'Common names are easy to guess.',
    userInputs: 'It holds your e-mail address or your name.',
    pwned: 'It has appeared in a data breach.',
  },
  suggestions: {
    l33t: 'Swapping letters for look-alikes, like “@” for “a”, does not help much.',
    reverseWords: 'A common word spelled backwards does not help much.',
    allUppercase: 'Capitalize some letters, not all.',
    capitalization: 'Capitalize more than the first letter.',
    dates: 'Leave out dates that mean something to you.',
    recentYears: 'Leave out recent years.',
    associatedYears: 'Leave out years that mean something to you.',
    sequences: 'Leave out runs of letters or digits.',
    repeated: 'Leave out repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns that change direction.',
    anotherWord: 'Add a few more words; uncommon ones are better.',
    useWords: 'Use several words together, and not a well-known phrase.',
    noNeed: 'A strong password needs no symbols, digits or capitals.',
    pwned: 'Choose one you have not used anywhere else.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: 'a second',
    seconds: 'seconds',
    minute: 'a minute',
    minutes: 'minutes',
    hour: 'an hour',
    hours: 'hours',
    day: 'a day',
    days: 'days',
    month: 'a month',
    months: 'months',
    year: 'a year',
    years: 'years',
    centuries: 'centuries',
  },
};

/**
 * The site's own name and fantasy football's words: the first guesses against this site's
 * accounts, which zxcvbn's general lists rank low or lack.
 */
const SITE_WORDS = [
  'dynastyforge',
  'dynasty',
  'forge',
  'dynastyforge.com',
  'superflex',
  'fantasy',
  'football',
  'fantasyfootball',
  'dynastyleague',
  'rookie',
  'rookies',
  'draft',
  'startup',
  'lineup',
  'roster',
  'rostership',
  'waiver',
  'waivers',
  'trade',
  'keeper',
  'league',
  'commissioner',
  'touchdown',
  'quarterback',
  'runningback',
  'receiver',
  'wideout',
  'tightend',
  'kicker',
  'defense',
  'gridiron',
  'endzone',
  'playoffs',
  'championship',
  'sleeper',
  'fleaflicker',
  'myfantasyleague',
  'mfl',
  'ppr',
  'halfppr',
  'bestball',
  'devy',
  'idp',
  'adp',
  'taxisquad',
  'rebuild',
  'contender',
  'nfl',
  'sundayfootball',
];

/** zxcvbn and the common passwords, loaded at the first password judged (password-estimator.ts). */
let rules: Promise<ReturnType<typeof import('./password-estimator.ts').passwordEstimator>> | undefined;
const loadRules = () => {
  rules ??= import('./password-estimator.ts').then((m) => m.passwordEstimator(SITE_WORDS, words));
  return rules;
};

const SEPARATORS = /[\s._-]+/g;

/**
 * The password and what it is once its disguises are taken off: letters spaced out one by one
 * ("s u p e r f l e x") joined, and a text typed twice or more ("superflexsuperflex") once.
 */
function readings(password: string): string[] {
  const out = [password];
  const parts = password.split(SEPARATORS).filter(Boolean);
  if (parts.length >= 4 && parts.every((p) => p.length === 1)) out.push(parts.join(''));
  const repeated = /^(.+?)\1+$/.exec(password.toLowerCase().replace(SEPARATORS, ''))?.[1];
  if (repeated) out.push(repeated);
  return [...new Set(out)];
}

/**
 * Why a new password is refused, in words for the form to show beside the field, or null: it is on
 * the common and leaked list (in any case), it is the account's e-mail address or name, or zxcvbn
 * estimates it would fall to fewer than about 10^8 guesses (score under 3: "aaaaaaaa", "summer2024",
 * a single word, the site's name or a fantasy football word). Each reading of it (spaced-out letters
 * joined, a doubled text halved) is judged so. Length is checked by the shared schema before this.
 */
export async function passwordProblem(
  password: string,
  account: { email?: string; name?: string } = {},
): Promise<string | null> {
  const { estimator, common } = await loadRules();
  const email = account.email?.toLowerCase();
  const name = account.name?.trim().toLowerCase();
  const compactName = name?.replace(SEPARATORS, '');
  const own = [email, email?.split('@')[0], name, compactName].filter((v): v is string => Boolean(v));
  for (const reading of readings(password)) {
    const lower = reading.toLowerCase();
    if (common.has(lower))
      return 'This password is one of the most common, leaked passwords. Choose another.';
    if (own.includes(lower))
      return 'The password must not be your e-mail address or your name. Choose another.';
    const { score, feedback } = estimator.check(reading, [...own, ...(name?.split(SEPARATORS) ?? [])]);
    if (score >= MIN_PASSWORD_SCORE) continue;
    // What zxcvbn found, else its most specific advice; then the advice that always helps.
    const why = feedback.warning ?? feedback.suggestions.find((s) => s !== words.suggestions.anotherWord);
    return ['This password is too easy to guess.', why, words.suggestions.anotherWord]
      .filter(Boolean)
      .join(' ');
  }
  return null;
}

/** Throws a 400 naming the problem and the field, as the schema's own password errors do. */
export async function assertPasswordAllowed(
  password: string,
  account: { email?: string; name?: string } = {},
  field = 'password',
) {
  const problem = await passwordProblem(password, account);
  if (problem) throw badRequest(problem, field);
}
