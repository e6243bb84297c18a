import { eq } from 'drizzle-orm';
import type { User } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { articles, profiles } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { byRef } from './store.ts';

const tables = { article: articles, profile: profiles } as const;

/**
 * Deletes an article or profile: super users any, contributors only their own. The row goes for
 * good; the caller bumps the content version so lists, search, the sitemap and feeds drop it at once.
 */
export async function deleteContent(db: Db, user: User, kind: 'article' | 'profile', ref: string) {
  const table = tables[kind];
  const missing = `${kind === 'article' ? 'Article' : 'Profile'} not found.`;
  const match = byRef(ref, table.id, table.shortname);
  if (!match) throw notFound(missing);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: table.id, contributorId: table.contributorId })
      .from(table)
      .where(match)
      .for('update');
    if (!existing) throw notFound(missing);
    if (!user.isSuperUser && existing.contributorId !== user.id)
      throw forbidden(`Contributors may only delete their own ${kind}s.`);
    await tx.delete(table).where(eq(table.id, existing.id));
  });
}
