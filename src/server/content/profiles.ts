import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ListAnswer,
  Profile,
  ProfileFilters,
  ProfileListItem,
  ProfileListQuery,
  profileInputSchema,
} from '#common/content.ts';
import { lineupPositions } from '#common/position-order.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { profiles, users } from '../db/schema.ts';
import { renderBody } from './render-body.ts';
import { byRef, type ContentKind } from './store.ts';
import { profileMatch } from './text-search.ts';

type ProfileInput = z.output<typeof profileInputSchema>;

const columns = {
  id: profiles.id,
  shortname: profiles.shortname,
  name: profiles.name,
  position: profiles.position,
  school: profiles.school,
  year: profiles.year,
  height: profiles.height,
  weight: profiles.weight,
  image: profiles.image,
  date: profiles.date,
  description: profiles.description,
  body: profiles.body,
  bodyHtml: profiles.bodyHtml,
  contributorId: profiles.contributorId,
  contributorName: users.name,
  isVisible: profiles.isVisible,
};

// Lists leave the rendered body out: it is most of the weight and only the detail page shows it.
const { bodyHtml: _, ...listColumns } = columns;

interface Row extends Omit<ProfileListItem, 'date' | 'contributor'> {
  date: Date;
  contributorName: string | null;
}

/** The API's shape of a row: ISO date, the contributor as { name }. */
const toProfile = <R extends Row>({ contributorName, date, ...row }: R) => ({
  ...row,
  date: date.toISOString(),
  contributor: contributorName == null ? null : { name: contributorName },
});

/** A page of profiles, newest first, filtered by position, class and search. */
export async function listProfiles(
  db: Db,
  q: Pick<ProfileListQuery, 'limit' | 'page' | 'search' | 'position' | 'year'>,
  includeHidden: boolean,
): Promise<ListAnswer<ProfileListItem>> {
  const where = and(
    includeHidden ? undefined : eq(profiles.isVisible, true),
    q.position ? eq(profiles.position, q.position.toUpperCase()) : undefined,
    q.year ? eq(profiles.year, q.year) : undefined,
    q.search ? profileMatch(q.search) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(profiles)
      .leftJoin(users, eq(users.id, profiles.contributorId))
      .where(where)
      .orderBy(desc(profiles.date), desc(profiles.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(profiles).where(where),
  ]);
  return { items: rows.map(toProfile), total, page: q.page, limit: q.limit };
}

/** One profile by numeric id or shortname; undefined when missing or hidden from this reader. */
export async function findProfile(db: Db, ref: string, includeHidden: boolean): Promise<Profile | undefined> {
  const match = byRef(ref, profiles.id, profiles.shortname);
  if (!match) return undefined;
  const [row] = await db
    .select(columns)
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.contributorId))
    .where(and(match, includeHidden ? undefined : eq(profiles.isVisible, true)))
    .limit(1);
  return row ? toProfile(row) : undefined;
}

// The spec's filter always offers RB and WR.
const ALWAYS_OFFERED = ['RB', 'WR'];

/** The positions and draft classes among visible profiles, for the home page's filter. */
export async function profileFilters(db: Db): Promise<ProfileFilters> {
  const [positions, years] = await Promise.all([
    queryRows<{ position: string }>(
      db,
      sql`SELECT DISTINCT position FROM profiles WHERE is_visible AND position <> ''`,
    ),
    queryRows<{ year: number }>(
      db,
      sql`SELECT DISTINCT year FROM profiles WHERE is_visible AND year IS NOT NULL ORDER BY year`,
    ),
  ]);
  return {
    positions: [...new Set([...ALWAYS_OFFERED, ...positions.map((r) => r.position)])].sort(
      lineupPositions.compare,
    ),
    years: years.map((r) => Number(r.year)),
  };
}

/** How profiles are written: see ContentKind for what every kind shares. */
export const profileKind: ContentKind<ProfileInput> = {
  noun: 'profile',
  table: profiles,
  tableName: 'profiles',
  missing: 'Profile not found.',
  title: (input) => input.name,
  fields: async (input) => ({
    name: input.name,
    position: input.position,
    school: input.school,
    year: input.year ?? null,
    height: input.height,
    weight: input.weight,
    image: input.image,
    description: input.description,
    body: input.body,
    bodyHtml: await renderBody(input.body),
  }),
};
