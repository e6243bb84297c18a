import { and, eq, or } from 'drizzle-orm';
import type { User } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, forbidden } from '../http/errors.ts';

interface Sent {
  contributorId?: number | null;
  isVisible?: boolean;
}

/**
 * Who may set the author and the visibility of an article or profile. Contributors write as
 * themselves, only on their own items, and never choose visibility (a sent isVisible is refused,
 * not ignored); their new items start hidden. Super users may do all of it. Answers the columns to
 * write: on create both, on update only what changes.
 */
export function authorship(
  user: User,
  sent: Sent,
  existing: { contributorId: number | null } | undefined,
  noun: string,
): Sent {
  if (!user.isSuperUser) {
    if (existing && existing.contributorId !== user.id)
      throw forbidden(`Contributors may only edit their own ${noun}s.`);
    if (sent.isVisible !== undefined)
      throw forbidden(`Only super users may change whether a ${noun} is visible.`);
    if (sent.contributorId != null && sent.contributorId !== user.id)
      throw forbidden(`Contributors may only write ${noun}s as themselves.`);
    return existing ? {} : { contributorId: user.id, isVisible: false };
  }
  if (!existing)
    return {
      contributorId: sent.contributorId === undefined ? user.id : sent.contributorId,
      isVisible: sent.isVisible ?? false,
    };
  const changes: Sent = {};
  if (sent.contributorId !== undefined) changes.contributorId = sent.contributorId;
  if (sent.isVisible !== undefined) changes.isVisible = sent.isVisible;
  return changes;
}

/** A chosen author must be a contributor or super user. */
export async function checkAuthor(db: Db, contributorId: number | null | undefined) {
  if (contributorId == null) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, contributorId), or(eq(users.isContributor, true), eq(users.isSuperUser, true))))
    .limit(1);
  if (!rows.length) throw badRequest(`Contributor ${contributorId} not found.`);
}

/** Tag names, trimmed, without repeats (case-insensitive; the first spelling wins). */
export function tagNames(tags: { name: string }[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const { name } of tags) {
    const key = name.trim().toLowerCase();
    if (key && !seen.has(key)) {
      seen.add(key);
      names.push(name.trim());
    }
  }
  return names;
}
