import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../http/errors.ts';

// zxcvbn's list of the ~49,000 most common passwords, gathered from leaked password dumps; shipped
// in the package, so nothing is looked up over the network.
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
};

/**
 * Why a new password is refused, or null: it is on the common and leaked list (in any case), or it
 * is the account's e-mail address or its name. Length is checked by the shared schema before this.
 */
export function passwordProblem(
  password: string,
  account: { email?: string; name?: string } = {},
): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower))
    return 'This password is one of the most common, leaked passwords. Choose another.';
  const email = account.email?.toLowerCase();
  const name = account.name?.trim().toLowerCase();
  if ((email && (lower === email || lower === email.split('@')[0])) || (name && lower === name))
    return 'The password must not be your e-mail address or your name. Choose another.';
  return null;
}

/** Throws a 400 naming the problem and the field, as the schema's own password errors do. */
export function assertPasswordAllowed(
  password: string,
  account: { email?: string; name?: string } = {},
  field = 'password',
) {
  const problem = passwordProblem(password, account);
  if (problem) throw badRequest(problem, field);
}
