import type { Loader } from './cache-policy.ts';
import { ttl } from './cache-policy.ts';
import type { FleaClient } from './flea/client.ts';
import type { MflClient } from './mfl/client.ts';
import { joinPlayers, type PlayerIdentity } from './players.ts';
import type { SleeperClient } from './sleeper/client.ts';

export interface PlayerDirectory {
  /** Every player across the three services, sorted by name; cached for a day. */
  list(): Promise<PlayerIdentity[]>;
}

export interface PlayerDirectoryOptions {
  mfl: MflClient;
  sleeper: SleeperClient;
  flea: FleaClient;
  load: Loader;
  /** Pages of Fleaflicker's listing read for its ids (30 players a page, best first). */
  fleaPages?: number;
  now?: () => number;
}

/** How long a list built without one of the services is kept before trying again. */
const partialTtl = 10 * 60 * 1000;
/** The list is served from memory for this long, so a shared cache is not read on every keystroke. */
const memoTtl = 5 * 60 * 1000;

export function createPlayerDirectory(options: PlayerDirectoryOptions): PlayerDirectory {
  const { mfl, sleeper, flea, load } = options;
  const now = options.now ?? Date.now;
  let memo: { key: string; until: number; players: PlayerIdentity[] } | undefined;

  async function build(year: number): Promise<{ players: PlayerIdentity[]; complete: boolean }> {
    // A service being down leaves its ids out rather than leaving the visitor without a list.
    const [m, s, f] = await Promise.allSettled([
      mfl.players(year),
      sleeper.players(),
      flea.allPlayers(undefined, { externalIdType: 'SPORTRADAR' }, options.fleaPages ?? 40),
    ]);
    if (m.status === 'rejected' && s.status === 'rejected') throw m.reason;
    const players = joinPlayers({
      mfl: m.status === 'fulfilled' ? m.value : [],
      sleeper: s.status === 'fulfilled' ? s.value : [],
      flea: f.status === 'fulfilled' ? f.value.map((p) => p.proPlayer) : [],
    });
    return {
      players,
      complete: m.status === 'fulfilled' && s.status === 'fulfilled' && f.status === 'fulfilled',
    };
  }

  return {
    async list() {
      const year = mfl.seasonYear();
      const key = `players:merged:${year}`;
      const t = now();
      if (memo && memo.key === key && memo.until > t) return memo.players;
      const built = await load(
        key,
        (b) => (b.complete ? ttl.playerDatabase : partialTtl),
        () => build(year),
      );
      memo = { key, until: t + memoTtl, players: built.players };
      return built.players;
    },
  };
}
