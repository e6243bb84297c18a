import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Contributor, User } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import { articles, profiles, rankings, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { userColumns } from './sessions.ts';

/** The account behind an e-mail, with its hash, for the log-in check. */
export async function findLogin(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The account behind an id, with its hash, for checking the current password. */
export async function findLoginById(db: Db, id: number) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

const emailTaken = () => new HttpError(409, 'An account with this e-mail address already exists.');

// The unique index on lower(email) is the real guard; a race between two sign-ups lands here.
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function insertUser(
  db: Db,
  values: {
    name: string;
    email: string;
    twitter?: string;
    passwordHash: string;
    isContributor?: boolean;
    isSuperUser?: boolean;
  },
): Promise<User> {
  try {
    const [row] = await db.insert(users).values(values).returning(userColumns);
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

export type UserChanges = Partial<Pick<User, 'name' | 'email' | 'twitter' | 'isContributor' | 'isSuperUser'>>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks every super user's row for the rest of the transaction and answers their ids. The rows are
 * locked in id order, so two transactions taking them never wait on each other crosswise; one that
 * waited sees the rows as the other left them (a demoted or deleted super user drops out).
 */
async function lockSuperUsers(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperUser, true))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

const noLongerSuperUser = () => new HttpError(403, 'Only super users may do that.');
const lastSuperUserLeaving = () =>
  new HttpError(
    409,
    'You are the last super user; make someone else a super user before you delete your account.',
  );
const lastSuperUser = () =>
  new HttpError(409, 'You are the last super user; make someone else a super user first.');

/**
 * Saves changes to one user. A change of roles is made by `actorId` (a super user when the request
 * began): it locks the super users' rows, and is refused if the actor is no longer a super user, or
 * if taking the flag away would leave none. Two super users demoting (or deleting) each other at
 * once therefore cannot both succeed.
 */
export async function updateUser(
  db: Db,
  id: number,
  changes: UserChanges,
  actorId?: number,
): Promise<User | undefined> {
  try {
    return await db.transaction(async (tx) => {
      if (changes.isSuperUser !== undefined || changes.isContributor !== undefined) {
        const supers = await lockSuperUsers(tx);
        if (actorId !== undefined && !supers.includes(actorId)) throw noLongerSuperUser();
        if (changes.isSuperUser === false && supers.length > 0 && supers.every((s) => s === id))
          throw lastSuperUser();
      }
      if (Object.keys(changes).length === 0) return findUserIn(tx, id);
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(userColumns);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

async function findUserIn(db: Pick<Db, 'select'>, id: number): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The contributor select: everyone who may author (super users can too), by name. */
export function listContributors(db: Db): Promise<Contributor[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(or(eq(users.isContributor, true), eq(users.isSuperUser, true)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The admin list, newest accounts first. */
export async function listUsers(
  db: Db,
  opts: { page: number; limit: number; contributorsOnly: boolean },
): Promise<{ items: User[]; total: number }> {
  const where = opts.contributorsOnly ? eq(users.isContributor, true) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total };
}

/**
 * Deletes an account, by the super user `me`. Its articles and profiles go to contentTo (a
 * contributor or super user) or, without one, stay with no author (shown as a former contributor).
 * Its sessions go with it. A super user cannot delete their own account here, and the deletion is
 * refused when `me` is no longer a super user by the time it runs, so the panel never loses its last
 * super user.
 * Answers how many items changed hands.
 */
export async function deleteUser(
  db: Db,
  me: User,
  id: number,
  contentTo: number | undefined,
): Promise<{ articles: number; profiles: number }> {
  if (id === me.id) throw new HttpError(409, 'You cannot delete your own account.');
  if (contentTo === id) throw new HttpError(400, 'Choose someone else to hand the content to.');
  return db.transaction(async (tx) => {
    // As for a demotion: with the super users' rows locked, the actor must still be one, and one must
    // remain, so two super users deleting (or deleting and demoting) each other cannot leave none.
    const supers = await lockSuperUsers(tx);
    if (!supers.includes(me.id)) throw noLongerSuperUser();
    if (supers.every((s) => s === id)) throw lastSuperUser();
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!target) throw new HttpError(404, 'No user with that id.');
    if (contentTo !== undefined) {
      const [heir] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, contentTo), or(eq(users.isContributor, true), eq(users.isSuperUser, true))))
        .for('update');
      if (!heir) throw new HttpError(400, 'The contributor chosen to take over the content was not found.');
    }
    return removeAccount(tx, id, contentTo ?? null);
  });
}

/**
 * The account's articles and profiles go to `heir` (or to no one: credited to a former contributor),
 * then its row goes, and with it, by the foreign keys' cascades, everything that hangs on it:
 * sessions, reset links, saved league connections.
 */
async function removeAccount(tx: Tx, id: number, heir: number | null) {
  const movedArticles = await tx
    .update(articles)
    .set({ contributorId: heir })
    .where(eq(articles.contributorId, id))
    .returning({ id: articles.id });
  const movedProfiles = await tx
    .update(profiles)
    .set({ contributorId: heir })
    .where(eq(profiles.contributorId, id))
    .returning({ id: profiles.id });
  // Rankings go the same way (the answer counts the kinds the deletion dialog names).
  await tx.update(rankings).set({ contributorId: heir }).where(eq(rankings.contributorId, id));
  await tx.delete(users).where(eq(users.id, id));
  return { articles: movedArticles.length, profiles: movedProfiles.length };
}

/**
 * A user deleting their own account (the password checked by the route). Their articles and profiles
 * stay, credited to a former contributor, as when a super user deletes an account without naming an
 * heir. A super user's own deletion takes the same lock as a deletion by another: it is refused (409)
 * while they are the last super user.
 */
export async function deleteOwnAccount(db: Db, id: number): Promise<{ articles: number; profiles: number }> {
  return db.transaction(async (tx) => {
    const supers = await lockSuperUsers(tx);
    if (supers.includes(id) && supers.every((s) => s === id)) throw lastSuperUserLeaving();
    const [me] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!me) throw new HttpError(404, 'No user with that id.');
    return removeAccount(tx, id, null);
  });
}
