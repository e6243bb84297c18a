import type { ExtraKind } from '#common/extras.ts';
import type { Loader } from '../cache.ts';
import { ttl } from './cache-policy.ts';
import { isLeagueError } from './errors.ts';
import type { FleaClient } from './flea/client.ts';
import type { FleaProPlayer } from './flea/schemas.ts';
import type { MflClient } from './mfl/client.ts';
import { joinPlayers, type PlayerIdentity } from './players.ts';
import type { SleeperClient } from './sleeper/client.ts';

/** The list as the player search gets it, with what it had to leave out. */
export interface PlayerListing {
  players: PlayerIdentity[];
  /** 'identities' when a service's players could not be read now (see build). */
  missing: ExtraKind[];
}

export interface ListingHint {
  fleaLeague?: () => Promise<string | undefined>;
}

export interface PlayerDirectory {
  /** Every player across the three services, sorted by name; cached for a day. */
  list(): Promise<PlayerIdentity[]>;
  /**
   * The same list, saying whether it lacks a service's players. With MFL and Sleeper both down and
   * no list had, Fleaflicker's listing stands in; it wants a league, which `fleaLeague` may name
   * (a league of the visitor's).
   */
  listing(hint?: ListingHint): Promise<PlayerListing>;
  /**
   * The same list joined with Fleaflicker players read elsewhere (league rosters asked for with
   * external_id_type=SPORTRADAR), so each gets the key it shares with the other services.
   */
  withFlea(players: FleaProPlayer[]): Promise<PlayerIdentity[]>;
  /**
   * The list if it can be had within a short wait, else undefined. The tools use it: the list
   * improves their answers (one row per player across services) but must never hold them up or
   * fail them. A build still running goes on and is cached for the next request.
   */
  peek(): Promise<{ players: PlayerIdentity[]; complete: boolean } | undefined>;
  /** The list if this server holds one now (in memory or in the cache), never building it. */
  cached(): Promise<PlayerIdentity[] | undefined>;
  /**
   * Starts building the list in the background, so that the site search finds players; never waits
   * for it. Does nothing while a build it started runs, or for two minutes after one failed.
   */
  warm(): void;
  /** Whether a build that warm() started is still running. */
  loading(): boolean;
}

export interface PlayerDirectoryOptions {
  mfl: MflClient;
  sleeper: SleeperClient;
  flea: FleaClient;
  load: Loader;
  /** Pages of Fleaflicker's listing read for its ids (30 players a page, best first). */
  fleaPages?: number;
  now?: () => number;
  /** How long peek() waits for a list that is not built yet (default 4 s). */
  waitMs?: number;
}

/**
 * How long a list built without one of the services is kept before trying again: briefly, since
 * the tools cannot match that service's players to the others' until the list is whole.
 */
const partialTtl = 2 * 60 * 1000;
/** The list is served from memory for this long, so a shared cache is not read on every keystroke. */
const memoTtl = 5 * 60 * 1000;
/**
 * The last whole list is also kept in the cache this long, so that with Redis it outlives a restart
 * and reaches every server.
 */
const LAST_GOOD_KEY = 'players:last-good';
/** The season's merged list, in the cache. */
const listKey = (year: number) => `players:merged:${year}`;
const lastGoodTtl = 30 * 24 * 60 * 60 * 1000;

export function createPlayerDirectory(options: PlayerDirectoryOptions): PlayerDirectory {
  const { mfl, sleeper, flea, load } = options;
  const now = options.now ?? Date.now;
  let memo:
    | { key: string; until: number; players: PlayerIdentity[]; complete: boolean; fallback: boolean }
    | undefined;

  /**
   * Fleaflicker's listing, best players first. It may want a league: a 4xx means "no list without
   * one", which is an answer, not an outage.
   */
  async function fleaListing(leagueId?: string): Promise<FleaProPlayer[]> {
    try {
      const listed = await flea.allPlayers(
        leagueId,
        { externalIdType: 'SPORTRADAR' },
        options.fleaPages ?? 40,
      );
      return listed.map((p) => p.proPlayer);
    } catch (e) {
      if (isLeagueError(e, 'not-found') || isLeagueError(e, 'rejected')) return [];
      throw e;
    }
  }

  let warming: Promise<void> | undefined;
  let warmFailedAt = Number.NEGATIVE_INFINITY;

  /** The last list built with MFL's or Sleeper's players: kept to answer while both are down. */
  let lastGood: PlayerIdentity[] | undefined;

  async function build(year: number, extraFlea: FleaProPlayer[] = [], hint?: ListingHint) {
    // A service being down leaves its ids out rather than leaving the visitor without a list.
    const [m, s, f] = await Promise.allSettled([mfl.players(year), sleeper.players(), fleaListing()]);
    if (m.status === 'rejected' && s.status === 'rejected') {
      // Neither big database answers: the last list had stands in, else Fleaflicker's own listing.
      lastGood ??= await load.kept<PlayerIdentity[]>(LAST_GOOD_KEY);
      if (lastGood && extraFlea.length === 0) return { players: lastGood, complete: false, fallback: true };
      let flea = [...extraFlea, ...(f.status === 'fulfilled' ? f.value : [])];
      const leagueId = flea.length === 0 ? await hint?.fleaLeague?.().catch(() => undefined) : undefined;
      if (leagueId) flea = await fleaListing(leagueId).catch(() => []);
      if (flea.length === 0) throw m.reason;
      return { players: joinPlayers({ mfl: [], sleeper: [], flea }), complete: false, fallback: true };
    }
    const players = joinPlayers({
      mfl: m.status === 'fulfilled' ? m.value : [],
      sleeper: s.status === 'fulfilled' ? s.value : [],
      flea: [...extraFlea, ...(f.status === 'fulfilled' ? f.value : [])],
    });
    const complete = m.status === 'fulfilled' && s.status === 'fulfilled' && f.status === 'fulfilled';
    // Only a whole list is kept: one built during an outage is rebuilt every few minutes.
    if (complete && extraFlea.length === 0) await load.keep(LAST_GOOD_KEY, players, lastGoodTtl);
    return { players, complete, fallback: false };
  }

  async function built(hint?: ListingHint) {
    const year = mfl.seasonYear();
    const key = listKey(year);
    const t = now();
    if (memo && memo.key === key && memo.until > t) return memo;
    const b = await load(
      key,
      (b) => (b.complete ? ttl.playerDatabase : partialTtl),
      () => build(year, [], hint),
    );
    if (!b.fallback) lastGood = b.players;
    memo = { key, until: t + (b.complete ? memoTtl : Math.min(memoTtl, partialTtl)), ...b };
    return memo;
  }

  return {
    async list() {
      return (await built()).players;
    },

    async listing(hint) {
      const { players, complete } = await built(hint);
      return { players, missing: complete ? [] : ['identities'] };
    },

    async peek() {
      const listed = built()
        .then(({ players, complete }) => ({ players, complete }))
        .catch(() => undefined);
      let timer: NodeJS.Timeout | number | undefined;
      const waited = new Promise<undefined>((resolve) => {
        timer = setTimeout(resolve, options.waitMs ?? 4000);
      });
      try {
        return await Promise.race([listed, waited]);
      } finally {
        clearTimeout(timer);
      }
    },

    async cached() {
      const key = listKey(mfl.seasonYear());
      if (memo && memo.key === key && memo.until > now()) return memo.players;
      const stored = await load.kept<{ players: PlayerIdentity[] }>(key);
      return stored?.players ?? lastGood ?? (await load.kept<PlayerIdentity[]>(LAST_GOOD_KEY));
    },

    async withFlea(players) {
      return (await build(mfl.seasonYear(), players)).players;
    },

    warm() {
      if (warming || now() - warmFailedAt < partialTtl) return;
      warming = built().then(
        () => {
          warming = undefined;
        },
        () => {
          warming = undefined;
          warmFailedAt = now();
        },
      );
    },

    loading() {
      return warming !== undefined;
    },
  };
}
