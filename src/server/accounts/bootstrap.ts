import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

/** The name the first super user is given. */
export const FIRST_SUPER_USER_NAME = 'Site Admin';

/**
 * On the first start there is no super user: make one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that is returned so that it can be printed once.
 */
export async function ensureSuperUser(
  db: Db,
  opts: { email: string; password?: string },
): Promise<{ created: boolean; email: string; password?: string }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperUser, true))
    .limit(1);
  if (existing) return { created: false, email: opts.email };
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      name: FIRST_SUPER_USER_NAME,
      email: opts.email.toLowerCase(),
      passwordHash: await hashPassword(password),
      isContributor: true,
      isSuperUser: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) {
    // The e-mail belongs to an existing account: promote it instead.
    await db
      .update(users)
      .set({ isSuperUser: true, isContributor: true })
      .where(sql`lower(${users.email}) = ${opts.email.toLowerCase()}`);
    return { created: false, email: opts.email };
  }
  return { created: true, email: opts.email, password: opts.password ? undefined : password };
}
