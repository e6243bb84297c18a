import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { LeagueType } from '#common/leagues.ts';
import type { Db } from '../db/client.ts';
import { leagueConnections } from '../db/schema.ts';
import type { ConnectionKeys } from './connection-keys.ts';

/*
 * The league connections kept on site accounts (decision 022). Every read and write names the user:
 * no function here reaches a row of another user's. Credentials leave this module only opened, to
 * the server's own calls to the league services; the listing never carries them.
 */

/** A saved connection as the account page lists it: never its credential. */
export interface SavedConnection {
  id: number;
  service: LeagueType;
  label: string;
  active: boolean;
  sessionEnded: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A saved connection opened for use: its credential in the clear, for the server's calls only. */
export interface OpenedConnection extends SavedConnection {
  credential: string;
}

/** The service's own account: MFL user name, Sleeper user id, Fleaflicker e-mail (case-folded). */
export const accountHashOf = (service: LeagueType, account: string) =>
  createHash('sha256').update(`${service}\0${account.trim().toLowerCase()}`).digest('base64url');

/** The sealed text's associated data: the row's owner, service and account. */
const aadOf = (row: { userId: number; service: string; accountHash: string }) =>
  `${row.userId}:${row.service}:${row.accountHash}`;

const listed = {
  id: leagueConnections.id,
  service: leagueConnections.service,
  label: leagueConnections.label,
  active: leagueConnections.active,
  sessionEnded: leagueConnections.sessionEnded,
  createdAt: leagueConnections.createdAt,
  lastUsedAt: leagueConnections.lastUsedAt,
};

/** The row's service is one of the three: the table's CHECK says so. */
const asSaved = (row: Omit<SavedConnection, 'service'> & { service: string }) => row as SavedConnection;

/**
 * Saves a connection on the user's account: a new row, or the same service account connected again
 * (a new MFL session, a renamed Sleeper user) replacing its credential and label, switched on.
 */
export async function saveConnection(
  db: Db,
  keys: ConnectionKeys,
  c: { userId: number; service: LeagueType; account: string; label: string; credential: string },
): Promise<number> {
  const accountHash = accountHashOf(c.service, c.account);
  const { keyId, sealed } = keys.seal(c.credential, aadOf({ ...c, accountHash }));
  const [row] = await db
    .insert(leagueConnections)
    .values({ userId: c.userId, service: c.service, accountHash, label: c.label, keyId, credential: sealed })
    .onConflictDoUpdate({
      target: [leagueConnections.userId, leagueConnections.service, leagueConnections.accountHash],
      set: { label: c.label, keyId, credential: sealed, active: true, sessionEnded: false },
    })
    .returning({ id: leagueConnections.id });
  return row.id;
}

/** The user's connections, newest first, without credentials. */
export async function listConnections(db: Db, userId: number): Promise<SavedConnection[]> {
  const rows = await db
    .select(listed)
    .from(leagueConnections)
    .where(eq(leagueConnections.userId, userId))
    .orderBy(leagueConnections.service, desc(leagueConnections.createdAt), desc(leagueConnections.id));
  return rows.map(asSaved);
}

/**
 * The user's switched-on connections whose session has not ended, opened. A row whose credential
 * does not open (its key is gone) is left out and reported through `unreadable`.
 */
export async function openConnections(
  db: Db,
  keys: ConnectionKeys,
  userId: number,
  unreadable?: (id: number, err: Error) => void,
): Promise<OpenedConnection[]> {
  const rows = await db
    .select({
      ...listed,
      userId: leagueConnections.userId,
      accountHash: leagueConnections.accountHash,
      keyId: leagueConnections.keyId,
      credential: leagueConnections.credential,
    })
    .from(leagueConnections)
    .where(
      and(
        eq(leagueConnections.userId, userId),
        eq(leagueConnections.active, true),
        eq(leagueConnections.sessionEnded, false),
      ),
    )
    .orderBy(leagueConnections.service, leagueConnections.createdAt, leagueConnections.id);
  const opened: OpenedConnection[] = [];
  for (const { userId: _u, accountHash, keyId, credential, ...row } of rows) {
    try {
      const plain = keys.open(keyId, credential, aadOf({ userId, service: row.service, accountHash }));
      opened.push({ ...asSaved(row), credential: plain });
    } catch (e) {
      unreadable?.(row.id, e as Error);
    }
  }
  return opened;
}

const own = (userId: number, id: number) =>
  and(eq(leagueConnections.userId, userId), eq(leagueConnections.id, id));

/** Switches one of the user's connections on or off; false when the user has no such connection. */
export async function setConnectionActive(db: Db, userId: number, id: number, active: boolean) {
  const rows = await db
    .update(leagueConnections)
    .set({ active })
    .where(own(userId, id))
    .returning({ id: leagueConnections.id });
  return rows.length > 0;
}

/** Removes one of the user's connections; false when the user has no such connection. */
export async function removeConnection(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(leagueConnections)
    .where(own(userId, id))
    .returning({ id: leagueConnections.id });
  return rows.length > 0;
}

/** MFL said the session is no longer valid: the account page asks to log in again. */
export async function markSessionEnded(db: Db, userId: number, id: number) {
  await db.update(leagueConnections).set({ sessionEnded: true }).where(own(userId, id));
}

/** How stale "last used" may get before a use writes it again: one write per account per while. */
const LAST_USED_STEP = sql`interval '5 minutes'`;

/** Notes the connections' use now (at most once per few minutes each). */
export async function touchConnections(db: Db, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(leagueConnections)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(leagueConnections.userId, userId),
        inArray(leagueConnections.id, [...ids]),
        or(
          isNull(leagueConnections.lastUsedAt),
          lt(leagueConnections.lastUsedAt, sql`now() - ${LAST_USED_STEP}`),
        ),
      ),
    );
}

/**
 * Seals every row still under an older key again under the current one (run on start). Each row is
 * updated only while it still has the key id it was read with, so processes starting together
 * never overwrite each other's work. Rows under a key no longer configured are counted, not touched.
 */
export async function reencryptConnections(db: Db, keys: ConnectionKeys) {
  const rows = await db
    .select({
      id: leagueConnections.id,
      userId: leagueConnections.userId,
      service: leagueConnections.service,
      accountHash: leagueConnections.accountHash,
      keyId: leagueConnections.keyId,
      credential: leagueConnections.credential,
    })
    .from(leagueConnections)
    .where(ne(leagueConnections.keyId, keys.currentId));
  let reencrypted = 0;
  let unreadable = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = keys.open(row.keyId, row.credential, aadOf(row));
    } catch {
      unreadable += 1;
      continue;
    }
    const { keyId, sealed } = keys.seal(plain, aadOf(row));
    const done = await db
      .update(leagueConnections)
      .set({ keyId, credential: sealed })
      .where(and(eq(leagueConnections.id, row.id), eq(leagueConnections.keyId, row.keyId)))
      .returning({ id: leagueConnections.id });
    reencrypted += done.length;
  }
  return { reencrypted, unreadable };
}
