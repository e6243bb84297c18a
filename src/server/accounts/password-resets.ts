import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { RESET_LINK_MINUTES } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { tokenId } from './sessions.ts';

export const RESET_LINK_TTL_MS = RESET_LINK_MINUTES * 60_000;

/**
 * Makes a reset link's token for the user (256 random bits) and answers it with its expiry. Only the
 * token's SHA-256 is stored, as for sessions. A new link replaces the user's earlier ones, so at most
 * one works at a time.
 */
export async function issueResetToken(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    // Links nobody used are swept when another is made.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    await tx.insert(passwordResets).values({ id: tokenId(token), userId, expiresAt });
  });
  return { token, expiresAt };
}

const linkDead = () =>
  badRequest('This reset link has expired or was already used. Ask for a new one.', 'token');

/** The account a live link belongs to (for checking the new password against it), or a 400. */
export async function resetTokenAccount(
  db: Db,
  token: string,
): Promise<{ id: number; email: string; name: string }> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.id, tokenId(token)), gt(passwordResets.expiresAt, new Date())))
    .limit(1);
  if (!row) throw linkDead();
  return row;
}

/**
 * Uses the link: in one transaction its row goes (so of two uses at once only one finds it), the
 * password hash is set, and every session and every other link of the account ends. A link that
 * expired or was used meanwhile is a 400.
 */
export async function useResetToken(db: Db, token: string, passwordHash: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.id, tokenId(token)), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!used) throw linkDead();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, used.userId));
    return used.userId;
  });
}

/** Ends the account's reset links (its password was changed another way). */
export async function dropResetTokens(db: Db, userId: number): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
