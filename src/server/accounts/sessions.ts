import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { User } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

// Only a hash of the token is stored, so a leaked table does not hand out live sessions.
export const tokenId = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Makes a new session (256-bit random token) and returns the token for the cookie. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ id: tokenId(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  // Expired rows are swept now and then, at the moment a new one is written.
  if (Math.random() < 0.05) await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return token;
}

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  twitter: users.twitter,
  isContributor: users.isContributor,
  isSuperUser: users.isSuperUser,
};

/** The user behind a session token, or null when it is unknown or expired. */
export async function sessionUser(db: Db, token: string | undefined): Promise<User | null> {
  if (!token || token.length > 100) return null;
  const rows = await db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, tokenId(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

export async function destroySession(db: Db, token: string | undefined): Promise<void> {
  if (token) await destroySessionById(db, tokenId(token));
}

/** Deletes a session by its stored id (the hash of its token). */
export async function destroySessionById(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user (after a password change). */
export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
