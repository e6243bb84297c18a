import type { FastifyRequest } from 'fastify';
import type { LeagueType } from '#common/leagues.ts';
import type { Cache } from '#server/cache.ts';
import { inBackground } from '#server/leagues/call-context.ts';
import type { MflSharingHooks } from '#server/leagues/connect/kit.ts';
import {
  cookieAccounts,
  onSiteAccount,
  type VisitorAccount,
  type VisitorAccountsDeps,
  visitorAccounts,
} from '#server/leagues/visitor-accounts.ts';
import { MFL_SHARE_COOKIE } from './consent.ts';
import type { IngestContext } from './ingest.ts';
import {
  ingestVisitorLeagues,
  VISITOR_REFRESH_MS,
  type VisitorLeagues,
  visitorThrottleKey,
} from './visitor-leagues.ts';

/**
 * The visitor's own leagues, added to the store as they ask for ADP. `settled` waits for the imports
 * still running (the app's close).
 */
export function visitorContribution(
  deps: VisitorAccountsDeps & { cache: Cache; mflSharing?: MflSharingHooks },
  ctx: IngestContext,
) {
  const background = new Set<Promise<unknown>>();

  /**
   * Adds the visitor's leagues in the background, at most once a while per visitor: Sleeper's
   * always, MFL's only when the visitor agreed to share them (decision 017). The throttle comes
   * first, keyed by what the request carries, and is claimed in one step, so a visitor seen lately
   * costs one cache call and two requests at once start one import. The import is background work:
   * it yields to every visitor's calls and takes at most the background share of each service.
   */
  async function contributeVisitor(request: FastifyRequest) {
    // A visitor's key is what their cookies hold; a user whose accounts are kept on the site account
    // is the key, and their accounts are read from the database only once the throttle lets them by.
    const savedAccounts = onSiteAccount(request, deps);
    const cookies = savedAccounts ? [] : cookieAccounts(request.cookies);
    const first = (accounts: VisitorAccount[], service: LeagueType) =>
      accounts.find((a) => a.service === service)?.credential;
    const key = visitorThrottleKey({
      mflCookie: first(cookies, 'mfl'),
      sleeperUserId: first(cookies, 'sleeper'),
      shareCookie: request.cookies[MFL_SHARE_COOKIE] || undefined,
      siteUser: request.user?.id,
      savedAccounts,
    });
    if (!key || !(await deps.cache.claim(key, VISITOR_REFRESH_MS).catch(() => false))) return;
    // The first MFL and Sleeper accounts in use.
    const mine = savedAccounts ? await visitorAccounts(request, deps) : cookies;
    const mflCookie = first(mine, 'mfl');
    const sleeperUserId = first(mine, 'sleeper');
    if (!mflCookie && !sleeperUserId) return;
    const mflContributor = mflCookie ? await deps.mflSharing?.contributor(request) : undefined;
    const visitor: VisitorLeagues = {
      mflCookie: mflContributor ? mflCookie : undefined,
      mflContributor,
      sleeperUserId,
    };
    const job = inBackground(() => ingestVisitorLeagues(ctx, visitor))
      .catch((e) => request.log.warn({ err: e }, 'rookie ADP: visitor leagues not read'))
      .finally(() => background.delete(job));
    background.add(job);
  }

  return { contributeVisitor, settled: () => Promise.allSettled([...background]) };
}
