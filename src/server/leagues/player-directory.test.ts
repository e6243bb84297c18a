import { describe, expect, it } from 'vitest';
import { createLoader, memoryCache } from '../cache.ts';
import { leagueError } from './errors.ts';
import type { FleaClient } from './flea/client.ts';
import type { MflClient } from './mfl/client.ts';
import { createPlayerDirectory } from './player-directory.ts';
import type { SleeperClient } from './sleeper/client.ts';

function directory(opts: {
  mflFails?: boolean;
  sleeperFails?: boolean;
  fleaFails?: boolean;
  fleaNeedsLeague?: boolean;
}) {
  const calls = { mfl: 0, sleeper: 0, flea: 0 };
  const cache = memoryCache();
  const ttls: number[] = [];
  const spyCache = {
    ...cache,
    set: (k: string, v: unknown, t: number) => {
      ttls.push(t);
      return cache.set(k, v, t);
    },
  };
  let t = 0;
  const mfl = {
    seasonYear: () => 2025,
    players: async () => {
      calls.mfl++;
      if (opts.mflFails) throw leagueError('mfl', 'unavailable');
      return [{ id: '13604', name: 'Doe, John', position: 'WR', team: 'KCC', draft_year: '2024' }];
    },
  } as unknown as MflClient;
  const sleeper = {
    players: async () => {
      calls.sleeper++;
      if (opts.sleeperFails) throw leagueError('sleeper', 'timeout');
      return [{ player_id: '100', full_name: 'John Doe', position: 'WR', team: 'KC', active: true }];
    },
  } as unknown as SleeperClient;
  const flea = {
    allPlayers: async () => {
      calls.flea++;
      if (opts.fleaFails) throw leagueError('flea', 'rate-limited');
      if (opts.fleaNeedsLeague) throw leagueError('flea', 'not-found');
      return [{ proPlayer: { id: 9, nameFull: 'John Doe', position: 'WR', proTeamAbbreviation: 'KC' } }];
    },
  } as unknown as FleaClient;
  const dir = createPlayerDirectory({ mfl, sleeper, flea, load: createLoader(spyCache), now: () => t });
  const advance = (ms: number) => {
    t += ms;
  };
  return { dir, calls, ttls, advance, cache };
}

describe('player directory', () => {
  it('merges the three services and keeps the list for a day', async () => {
    const { dir, calls, ttls } = directory({});
    const players = await dir.list();
    expect(players).toEqual([
      {
        id: '13604',
        mfl_id: '13604',
        name: 'John Doe',
        position: 'WR',
        team: 'KC',
        draftYear: 2024,
        sleeper_id: '100',
        flea_id: '9',
      },
    ]);
    expect(await dir.list()).toBe(players);
    expect(calls).toEqual({ mfl: 1, sleeper: 1, flea: 1 });
    // The list for a day, and the same list kept a month as the last good one.
    expect(ttls).toEqual([30 * 24 * 60 * 60 * 1000, 24 * 60 * 60 * 1000]);
  });

  it('serves what it has when a service is down, and keeps that only briefly', async () => {
    const { dir, ttls } = directory({ fleaFails: true });
    const players = await dir.list();
    expect(players[0]).toMatchObject({ id: '13604', sleeper_id: '100' });
    expect(players[0].flea_id).toBeUndefined();
    expect(ttls.at(-1)).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it("answers with Fleaflicker's listing alone when neither MFL nor Sleeper answers, and says so", async () => {
    const { dir, ttls } = directory({ mflFails: true, sleeperFails: true });
    expect(await dir.listing()).toEqual({
      players: [{ id: 'flea:9', name: 'John Doe', position: 'WR', team: 'KC', flea_id: '9' }],
      missing: ['identities'],
    });
    expect(ttls[0]).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it('answers with the last list it had while neither MFL nor Sleeper answers', async () => {
    const opts = { mflFails: false, sleeperFails: false };
    const { dir, cache, advance } = directory(opts);
    const had = await dir.list();
    expect((await dir.listing()).missing).toEqual([]);
    opts.mflFails = opts.sleeperFails = true;
    advance(6 * 60 * 1000);
    await cache.delete('players:merged:2025');
    const listing = await dir.listing();
    expect(listing.players).toBe(had);
    expect(listing.missing).toEqual(['identities']);
  });

  it('after a restart, answers with the last list kept in the shared cache', async () => {
    const opts = { mflFails: false, sleeperFails: false };
    const { dir, cache } = directory(opts);
    const had = await dir.list();
    // A new server on the same cache, the day's list gone, with neither MFL nor Sleeper answering.
    await cache.delete('players:merged:2025');
    const restarted = createPlayerDirectory({
      mfl: { seasonYear: () => 2025, players: () => Promise.reject(leagueError('mfl', 'unavailable')) },
      sleeper: { players: () => Promise.reject(leagueError('sleeper', 'unavailable')) },
      flea: { allPlayers: () => Promise.reject(leagueError('flea', 'unavailable')) },
      load: createLoader(cache),
    } as unknown as Parameters<typeof createPlayerDirectory>[0]);
    const listing = await restarted.listing();
    expect(listing.players).toEqual(had);
    expect(listing.missing).toEqual(['identities']);
  });

  it('fails (with the service message) only when no service answers and no list was had', async () => {
    const { dir } = directory({ mflFails: true, sleeperFails: true, fleaFails: true });
    await expect(dir.list()).rejects.toThrow(/MFL is not available/);
  });

  it('reads the shared cache again after its in-memory copy expires', async () => {
    const { dir, calls, advance } = directory({});
    await dir.list();
    advance(6 * 60 * 1000);
    await dir.list();
    expect(calls.mfl).toBe(1);
  });

  it('takes a listing that needs a league as "no Fleaflicker list", not as an outage', async () => {
    const { dir, ttls } = directory({ fleaNeedsLeague: true });
    expect((await dir.list())[0].flea_id).toBeUndefined();
    // The list for a day, and the same list kept a month as the last good one.
    expect(ttls).toEqual([30 * 24 * 60 * 60 * 1000, 24 * 60 * 60 * 1000]);
  });

  it('gives Fleaflicker players from rosters their shared keys', async () => {
    const { dir } = directory({ fleaNeedsLeague: true });
    const joined = await dir.withFlea([
      { id: 4242, nameFull: 'John Doe', position: 'WR', proTeamAbbreviation: 'KC' },
      { id: 77, nameFull: 'Only Flea', position: 'TE', proTeamAbbreviation: 'NYJ' },
    ]);
    expect(joined.find((p) => p.id === '13604')?.flea_id).toBe('4242');
    expect(joined.find((p) => p.id === 'flea:77')).toMatchObject({ name: 'Only Flea', team: 'NYJ' });
  });
});
