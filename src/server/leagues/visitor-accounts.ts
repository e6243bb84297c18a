import type { FastifyRequest } from 'fastify';
import { type LeagueType, leagueCookies } from '#common/leagues.ts';
import type { Database } from '../db/client.ts';
import { notFound, unauthorized } from '../http/errors.ts';
import type { ConnectionKeys } from './connection-keys.ts';
import { markSessionEnded, openConnections, touchConnections } from './connection-store.ts';
import { leagueError } from './errors.ts';
import { decodeEspnConnection } from './espn/connection.ts';

/** An ESPN cookie's label; one that does not read is still an account (its use asks to connect again). */
const espnLabel = (cookie: string) => {
  try {
    return decodeEspnConnection(cookie).label;
  } catch {
    return 'ESPN';
  }
};

/*
 * The one place every league tool learns whose leagues to read (decision 022).
 *
 *   visitorAccounts(request, deps) → VisitorAccount[]
 *
 * A visitor without a site account: what this browser's league cookies hold (at most one account
 * per service, no accountId) — the cookie flow as it always was. A signed-in user (when the server
 * keeps connections, i.e. has a key): the saved accounts that are switched on and whose session has
 * not ended, any number per service, each with its accountId and label. Read once per request.
 *
 * A tool that reads one league uses visitorAccount(request, deps, service, ref.account): the account
 * the league's reference names (its accountId), or the service's first when the reference names
 * none; it also notes the account's use for the account page's "last used".
 *
 * The credential is for the server's own calls to the service only: never put it in an answer or
 * a log line.
 */

export interface VisitorAccount {
  service: LeagueType;
  /** The saved account's id (signed-in users); undefined for a visitor's cookie. */
  accountId?: string;
  /** How the account is named to its owner: the MFL or Sleeper user name, the masked e-mail. */
  label: string;
  /** MFL: the session cookie MFL gave; Sleeper: the user id; Fleaflicker: the e-mail. */
  credential: string;
}

/** What the accounts are read from: the app's database and the connections key (none: cookies only). */
export interface VisitorAccountsDeps {
  database: Database;
  connectionKeys?: ConnectionKeys | null;
}

/** "d***@dynasty.test": enough to recognise one's address without handing it back whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Whether this request's connections live on a site account (signed in, and the server has a key). */
export const onSiteAccount = (request: FastifyRequest, deps: VisitorAccountsDeps) =>
  Boolean(request.user && deps.connectionKeys);

/** The accounts this browser's league cookies hold. */
export function cookieAccounts(cookies: Record<string, string | undefined>): VisitorAccount[] {
  const accounts: VisitorAccount[] = [];
  const mfl = cookies[leagueCookies.mfl];
  if (mfl) accounts.push({ service: 'mfl', label: cookies[leagueCookies.mflName] || 'MFL', credential: mfl });
  const sleeperId = cookies[leagueCookies.sleeperId];
  if (sleeperId)
    accounts.push({
      service: 'sleeper',
      label: cookies[leagueCookies.sleeperName] || 'Sleeper',
      credential: sleeperId,
    });
  const email = cookies[leagueCookies.flea];
  if (email) accounts.push({ service: 'flea', label: maskEmail(email), credential: email });
  const espn = cookies[leagueCookies.espn];
  if (espn) accounts.push({ service: 'espn', label: espnLabel(espn), credential: espn });
  return accounts;
}

const perRequest = new WeakMap<FastifyRequest, Promise<VisitorAccount[]>>();

/** The visitor's accounts in use, of every service (see the top of this file). */
export function visitorAccounts(
  request: FastifyRequest,
  deps: VisitorAccountsDeps,
): Promise<VisitorAccount[]> {
  let accounts = perRequest.get(request);
  if (!accounts) {
    accounts = read(request, deps);
    perRequest.set(request, accounts);
  }
  return accounts;
}

async function read(request: FastifyRequest, deps: VisitorAccountsDeps): Promise<VisitorAccount[]> {
  const user = request.user;
  if (!user || !deps.connectionKeys) return cookieAccounts(request.cookies);
  const rows = await openConnections(deps.database.db, deps.connectionKeys, user.id, (id, err) =>
    // The error names the key id only, never the key or the ciphertext.
    request.log.warn({ connection: id, reason: err.message }, 'saved league connection does not open'),
  );
  return rows.map((r) => ({
    service: r.service,
    accountId: String(r.id),
    label: r.label,
    credential: r.credential,
  }));
}

export const connectFirst: Record<LeagueType, string> = {
  mfl: 'Log in to MFL first.',
  sleeper: 'Connect your Sleeper account first.',
  flea: 'Connect your Fleaflicker account first.',
  espn: 'Connect ESPN first.',
};

/**
 * The account a league reference names (or the service's first), noted as used. Throws the
 * service's "connect first" 401 when the visitor has no account of the service in use, and a 404
 * when the named account is not one of theirs in use (another user's, removed, or switched off).
 */
export async function visitorAccount(
  request: FastifyRequest,
  deps: VisitorAccountsDeps,
  service: LeagueType,
  accountId?: string,
): Promise<VisitorAccount> {
  const mine = (await visitorAccounts(request, deps)).filter((a) => a.service === service);
  if (mine.length === 0) throw unauthorized(connectFirst[service]);
  const account = accountId === undefined ? mine[0] : mine.find((a) => a.accountId === accountId);
  if (!account)
    throw notFound('That league account is not connected to your site account, or is switched off.');
  await noteUse(request, deps, [account]);
  return account;
}

const notedUse = new WeakMap<FastifyRequest, Set<string>>();

/** Notes the saved accounts' use (the account page's "last used"); a failed write costs nothing else. */
export async function noteUse(
  request: FastifyRequest,
  deps: VisitorAccountsDeps,
  accounts: readonly VisitorAccount[],
) {
  const noted = notedUse.get(request) ?? new Set<string>();
  notedUse.set(request, noted);
  const ids = accounts.flatMap((a) => (a.accountId && !noted.has(a.accountId) ? [Number(a.accountId)] : []));
  if (!request.user || ids.length === 0) return;
  for (const id of ids) noted.add(String(id));
  await touchConnections(deps.database.db, request.user.id, ids).catch((err) =>
    request.log.warn({ err }, 'league connection use not noted'),
  );
}

/**
 * MFL answered that the account's session is no longer valid. A saved account is marked (the
 * account page asks to log in again, and the tools stop using it); a visitor's cookie is cleared by
 * `clearCookie`. Answers the error to throw, naming the account when it is a saved one.
 */
export async function mflSessionEnded(
  request: FastifyRequest,
  deps: VisitorAccountsDeps,
  account: VisitorAccount,
  clearCookie: () => void,
) {
  if (account.accountId && request.user) {
    await markSessionEnded(deps.database.db, request.user.id, Number(account.accountId));
    return leagueError(
      'mfl',
      'not-logged-in',
      `MFL has ended the session of ${account.label}: log in to MFL again for it on your account page.`,
    );
  }
  clearCookie();
  return leagueError('mfl', 'not-logged-in');
}
