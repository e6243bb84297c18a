import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';

const MAX_SLUG = 80;

/** "Ja'Marr Chase: WR1?" → "jamarr-chase-wr1". Never all digits, since a number in an address is an id. */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
  if (!slug) return fallback;
  return /^\d+$/.test(slug) ? `${fallback}-${slug}` : slug;
}

/**
 * The first free shortname for a title in the table: the slug itself, else slug-2, slug-3… It is
 * chosen once, on create; the unique index settles a race between two creates (the caller retries).
 */
export async function freeShortname(
  db: Db,
  table: 'articles' | 'profiles' | 'rankings',
  base: string,
): Promise<string> {
  const rows = await queryRows<{ shortname: string }>(
    db,
    sql`SELECT shortname FROM ${sql.identifier(table)} WHERE shortname = ${base} OR shortname LIKE ${`${base}-%`}`,
  );
  const taken = new Set(rows.map((r) => r.shortname));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** True for PostgreSQL's unique-violation error, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) if (e.code === '23505') return true;
  return false;
}
