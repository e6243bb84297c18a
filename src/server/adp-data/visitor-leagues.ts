import { privateScope } from '#server/leagues/cache-policy.ts';
import { recordContributions } from './consent.ts';
import {
  type AdpSource,
  dueSources,
  type IngestContext,
  type IngestSummary,
  ingestLeagues,
} from './ingest.ts';

/*
 * The hook for visitors' leagues: once a visitor's leagues are known (they connected MFL or Sleeper),
 * their rookie drafts join the store: Sleeper's always (public data, read through Sleeper's public
 * API), MFL's only when the visitor agreed to share them (consent.ts), each league then marked with
 * the visitor's contributor key. Any route that has the leagues can call ingestVisitorLeagues; the
 * rookie ADP route calls it itself from the visitor's cookies.
 */

export interface VisitorLeagues {
  /** The visitor's MFL_USER_ID, which private MFL leagues need. Used for the reads, never stored. */
  mflCookie?: string;
  /**
   * The visitor's contributor key when they agreed to share their MFL leagues' rookie drafts;
   * without it their MFL leagues are neither listed nor read.
   */
  mflContributor?: string;
  /** MFL leagues already listed (else they are listed with the cookie). */
  mflLeagues?: readonly { league_id: string; url?: string }[];
  /** Sleeper's user id, to list the leagues when sleeperLeagueIds is not given. */
  sleeperUserId?: string;
  sleeperLeagueIds?: readonly string[];
}

/** A visitor's league is read again at most this often. */
export const VISITOR_REFRESH_MS = 30 * 60_000;

const empty: IngestSummary = { leagues: 0, ok: 0, failed: 0, drafts: 0 };

/** Reads the visitor's leagues that are due; a league listing that fails just means nothing to add. */
export async function ingestVisitorLeagues(
  ctx: IngestContext,
  visitor: VisitorLeagues,
): Promise<IngestSummary> {
  const { mfl, sleeper } = ctx.services;
  const mflSources: AdpSource[] = [];
  const contributor = visitor.mflContributor;
  if (contributor && (visitor.mflLeagues || visitor.mflCookie)) {
    const listed =
      visitor.mflLeagues ??
      (await (async () => {
        const year = mfl.seasonYear();
        const current = await mfl.myLeagues(visitor.mflCookie!, year);
        return current.length > 0 ? current : mfl.myLeagues(visitor.mflCookie!, year - 1);
      })().catch(() => []));
    for (const l of listed)
      mflSources.push({ service: 'mfl', leagueId: l.league_id, url: l.url || undefined });
  }
  let sleeperIds = visitor.sleeperLeagueIds ?? [];
  if (!visitor.sleeperLeagueIds && visitor.sleeperUserId) {
    const userId = visitor.sleeperUserId;
    sleeperIds = await (async () => {
      const state = await sleeper.state();
      const leagues = await sleeper.userLeagues(userId, state.league_season || state.season);
      return leagues.map((l) => l.league_id);
    })().catch(() => []);
  }
  const sleeperSources: AdpSource[] = sleeperIds.map((id) => ({ service: 'sleeper', leagueId: id }));

  const due = [
    ...(await dueSources(ctx, mflSources, VISITOR_REFRESH_MS)).map((s) => ({
      ...s,
      // The visitor's own listing names the league's current host; prefer it to a stored one.
      url: mflSources.find((m) => m.leagueId === s.leagueId)?.url ?? s.url,
    })),
    ...(await dueSources(ctx, sleeperSources, VISITOR_REFRESH_MS)),
  ];
  const summary = due.length === 0 ? empty : await ingestLeagues(ctx, due, { mflCookie: visitor.mflCookie });
  // Every MFL league of theirs now in the store (read now or before) is marked as shared by them.
  if (contributor) await recordContributions(ctx.db, contributor, mflSources);
  return summary;
}

/** What tells visitors apart for the throttle: read from the request alone, without the database. */
export interface VisitorIdentity {
  mflCookie?: string;
  sleeperUserId?: string;
  /** The signed consent cookie (adp-data/consent.ts): a new choice is a new key. */
  shareCookie?: string;
  /** The signed-in user's id. */
  siteUser?: number;
  /** The user's league accounts are kept on their site account (decision 022): the user is the key. */
  savedAccounts?: boolean;
}

/**
 * A cache key per visitor (never the credential itself), so one visitor's leagues are listed once a
 * while; none when the visitor connected no league, as there is nothing to read.
 */
export function visitorThrottleKey(who: VisitorIdentity): string | undefined {
  if (!who.mflCookie && !who.sleeperUserId && !(who.savedAccounts && who.siteUser)) return undefined;
  const parts = [
    `saved=${who.savedAccounts ? 1 : ''}`,
    `mfl=${who.mflCookie ?? ''}`,
    `sleeper=${who.sleeperUserId ?? ''}`,
    `share=${who.shareCookie ?? ''}`,
    `user=${who.siteUser ?? ''}`,
  ];
  return `rookie-adp:visitor:${privateScope(parts.join('|'))}`;
}
