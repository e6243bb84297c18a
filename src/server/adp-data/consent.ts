import { createHmac, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cache } from '#server/cache.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { users } from '#server/db/schema.ts';
import { rookieAdpContributions } from '#server/db/schema-adp.ts';
import type { MflSharingHooks } from '#server/leagues/connect/kit.ts';
import { settingOrCreate } from '#server/settings.ts';
import { ADP_VERSION_KEY } from './ingest.ts';
import { deleteLeagues, type LeagueKey } from './store.ts';

/*
 * Consent for MFL drafts from visitors' leagues (decision 017). MFL's terms forbid harvesting league
 * data, so a visitor's MFL leagues feed Rookie ADP only when the visitor says so, on MFL's log-in
 * form (off by default). The choice is kept with the connection: in a cookie for visitors, on the
 * account for signed-in users. Each league a consenting visitor shares is marked with a contributor
 * key, a keyed hash (HMAC with a secret of the site's own) of the MFL username or the site user's id,
 * never the id itself. Opting out removes the visitor's marks; a league left with no mark, and listed
 * neither by an admin nor by ADP_LEAGUE_IDS, goes from the store with its drafts. So a draft shared by
 * two visitors stays while either still consents. Sleeper is public data read through its public API
 * and needs no such choice.
 */

/** The visitor's choice: present (signed) while they share, holding their contributor key. */
export const MFL_SHARE_COOKIE = 'MFL_ADP_SHARE';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export type Contributor = { mflUser: string } | { siteUser: number };

/**
 * The key a contributor's leagues are marked with: an HMAC of the MFL username (case and spaces
 * ignored, as MFL does) or of the site user's id. Without the secret it can be neither read back
 * nor made from a guessed id.
 */
export function contributorKey(secret: string, who: Contributor): string {
  const id = 'mflUser' in who ? `mfl:${who.mflUser.trim().toLowerCase()}` : `user:${who.siteUser}`;
  return createHmac('sha256', secret).update(id).digest('base64url').slice(0, 32);
}

/** The secret behind contributor keys, made once and kept in the database (apart from SESSION_SECRET). */
export const contributorSecret = (db: Db) =>
  settingOrCreate(db, 'adp_contributor_secret', () => randomBytes(32).toString('hex'));

/**
 * A choice replaces the one before it: what the earlier choice shared is withdrawn unless the new
 * one shares under the same key (the same MFL account, the same user).
 */
export function withdrawnByChoice(before: string | undefined, after: string | undefined): string[] {
  return before && before !== after ? [before] : [];
}

/** Marks the leagues (already in the store) as shared by this contributor. */
export async function recordContributions(
  db: Db,
  contributor: string,
  leagues: readonly LeagueKey[],
): Promise<void> {
  if (leagues.length === 0) return;
  const ids = [...new Set(leagues.map((l) => l.leagueId))];
  const service = leagues[0].service;
  await db.execute(
    sql`INSERT INTO rookie_adp_contributions (service, league_id, contributor)
        SELECT service, league_id, ${contributor} FROM rookie_adp_leagues
        WHERE service = ${service} AND league_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ON CONFLICT DO NOTHING`,
  );
}

/**
 * Opting out: removes the contributors' marks; each league that was theirs and now has no mark
 * goes with its drafts, unless an admin or ADP_LEAGUE_IDS lists it (or it reached the store another
 * way than through visitors). Answers how many leagues and drafts went.
 */
export async function withdrawContributions(
  db: Db,
  cache: Cache | undefined,
  keys: readonly string[],
): Promise<{ leagues: number; drafts: number }> {
  if (keys.length === 0) return { leagues: 0, drafts: 0 };
  const result = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(rookieAdpContributions)
      .where(inArray(rookieAdpContributions.contributor, [...keys]))
      .returning({ service: rookieAdpContributions.service, leagueId: rookieAdpContributions.leagueId });
    let leagues = 0;
    let drafts = 0;
    for (const service of new Set(removed.map((r) => r.service))) {
      const touched = [...new Set(removed.filter((r) => r.service === service).map((r) => r.leagueId))];
      const orphans = await queryRows<{ league_id: string }>(
        tx,
        sql`SELECT l.league_id FROM rookie_adp_leagues l
            WHERE l.service = ${service}
              AND l.league_id IN (${sql.join(
                touched.map((id) => sql`${id}`),
                sql`, `,
              )})
              AND l.source = 'visitor' AND NOT l.configured
              AND NOT EXISTS (SELECT 1 FROM rookie_adp_contributions c
                              WHERE c.service = l.service AND c.league_id = l.league_id)
            ORDER BY l.league_id
            FOR UPDATE`,
      );
      const ids = orphans.map((o) => o.league_id);
      drafts += await deleteLeagues(tx, service as LeagueKey['service'], ids);
      leagues += ids.length;
    }
    return { leagues, drafts };
  });
  if (result.drafts > 0) await cache?.incr(ADP_VERSION_KEY).catch(() => undefined);
  return result;
}

/**
 * What the MFL connection routes need: `contributor` is the key this visitor's MFL leagues are shared
 * under (undefined: they don't share); `choose`, at MFL log-in, keeps the choice (account or cookie)
 * and deletes what a withdrawn choice shared; `stop` withdraws every consent this visitor gave here.
 */
export type MflSharing = MflSharingHooks;

export interface MflSharingDeps {
  db: Db;
  cache?: Cache;
  /** Whether cookies set on this request must be Secure (as the league cookies). */
  secure(request: FastifyRequest): boolean;
}

export function createMflSharing(deps: MflSharingDeps): MflSharing {
  const { db } = deps;
  let secret: Promise<string> | undefined;
  const key = async (who: Contributor) => {
    secret ??= contributorSecret(db);
    return contributorKey(await secret, who);
  };

  /** The key the browser's cookie holds (signed by the site), if any. */
  function browserKey(request: FastifyRequest): string | undefined {
    const raw = request.cookies[MFL_SHARE_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value && /^[\w-]{16,64}$/.test(unsigned.value)
      ? unsigned.value
      : undefined;
  }
  async function userShares(userId: number): Promise<boolean> {
    const [row] = await db.select({ share: users.shareMflDrafts }).from(users).where(eq(users.id, userId));
    return row?.share ?? false;
  }
  const setUser = (userId: number, share: boolean) =>
    db.update(users).set({ shareMflDrafts: share }).where(eq(users.id, userId));
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: deps.secure(request),
  });
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(MFL_SHARE_COOKIE, cookieOptions(reply.request));

  return {
    async contributor(request) {
      const user = request.user;
      if (user && (await userShares(user.id))) return key({ siteUser: user.id });
      return browserKey(request);
    },

    async choose(request, reply, { share, username }) {
      const user = request.user;
      if (user) {
        const own = await key({ siteUser: user.id });
        const before = (await userShares(user.id)) ? own : undefined;
        await setUser(user.id, share);
        await withdrawContributions(db, deps.cache, withdrawnByChoice(before, share ? own : undefined));
        return;
      }
      const before = browserKey(request);
      const after = share ? await key({ mflUser: username }) : undefined;
      await withdrawContributions(db, deps.cache, withdrawnByChoice(before, after));
      if (after)
        reply.setCookie(MFL_SHARE_COOKIE, after, {
          ...cookieOptions(request),
          signed: true,
          maxAge: ONE_YEAR_S,
        });
      else if (before) clearCookie(reply);
    },

    async stop(request, reply) {
      const keys: string[] = [];
      const user = request.user;
      if (user && (await userShares(user.id))) {
        keys.push(await key({ siteUser: user.id }));
        await setUser(user.id, false);
      }
      const browser = browserKey(request);
      if (browser) {
        keys.push(browser);
        clearCookie(reply);
      }
      return withdrawContributions(db, deps.cache, keys);
    },

    async forgetUser(userId) {
      return withdrawContributions(db, deps.cache, [await key({ siteUser: userId })]);
    },
  };
}
