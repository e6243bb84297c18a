import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { passwordProblem } from './password-rules.ts';
import { hashPassword } from './passwords.ts';

/** The name the first super user is given. */
export const FIRST_SUPER_USER_NAME = 'Site Admin';

/**
 * On the first start there is no super user: make one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that is returned so that it can be printed once. A given ADMIN_PASSWORD must
 * pass the new-password rules, else the start stops and says why; it is judged only when it is
 * used, so a restart does not load the password rules (decision 040).
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
  if (opts.password) {
    const problem = await passwordProblem(opts.password, { email: opts.email, name: FIRST_SUPER_USER_NAME });
    if (problem) throw new Error(`Invalid configuration:\n  ADMIN_PASSWORD: ${problem}`);
  }
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
