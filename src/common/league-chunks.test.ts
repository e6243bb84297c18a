import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LEAGUE_CHUNK, leagueChunkRequests, leagueKey, planLeagueChunks } from './league-chunks.ts';
import type { LeagueType } from './leagues.ts';

const leagues = (counts: Partial<Record<LeagueType, number>>) =>
  Object.entries(counts).flatMap(([type, n]) =>
    Array.from({ length: n }, (_, i) => ({ type: type as LeagueType, league_id: String(i) })),
  );
const shape = (plan: { service: string; leagues: unknown[] }[]) =>
  plan.map((c) => `${c.service}:${c.leagues.length}`);

describe('planLeagueChunks', () => {
  it('chunks each service by 5 and lets the services take turns', () => {
    const all = leagues({ mfl: 12, sleeper: 3, flea: 6 });
    const plan = planLeagueChunks(all);
    expect(shape(plan)).toEqual(['mfl:5', 'sleeper:3', 'flea:5', 'mfl:5', 'flea:1', 'mfl:2']);
    expect(plan.flatMap((c) => c.leagues)).toEqual([
      ...all.slice(0, 5),
      ...all.slice(12, 15),
      ...all.slice(15, 20),
      ...all.slice(5, 10),
      ...all.slice(20),
      ...all.slice(10, 12),
    ]);
    expect(planLeagueChunks([])).toEqual([]);
  });

  it('sends every chunk of the service named first, then the others in turn', () => {
    const plan = planLeagueChunks(leagues({ mfl: 7, sleeper: 6, flea: 3 }), { first: 'mfl' });
    expect(shape(plan)).toEqual(['mfl:5', 'mfl:2', 'sleeper:5', 'flea:3', 'sleeper:1']);
    expect(shape(planLeagueChunks(leagues({ sleeper: 2, flea: 11 }), { first: 'flea' }))).toEqual([
      'flea:5',
      'flea:5',
      'flea:1',
      'sleeper:2',
    ]);
  });

  it('cuts at the size asked, a chunk exactly full and one league past it', () => {
    expect(shape(planLeagueChunks(leagues({ sleeper: LEAGUE_CHUNK })))).toEqual(['sleeper:5']);
    expect(shape(planLeagueChunks(leagues({ sleeper: LEAGUE_CHUNK + 1 })))).toEqual([
      'sleeper:5',
      'sleeper:1',
    ]);
    expect(shape(planLeagueChunks(leagues({ flea: 3 }), { size: 2 }))).toEqual(['flea:2', 'flea:1']);
  });
});

describe('leagueChunkRequests', () => {
  const requests = leagueChunkRequests();
  const sleeperRef = (i: number) => ({ league_id: String(1000 + i) });

  it("takes one to five of the service's own league refs", () => {
    expect(requests.sleeper.safeParse({ leagues: [sleeperRef(1)] }).success).toBe(true);
    const five = Array.from({ length: LEAGUE_CHUNK }, (_, i) => sleeperRef(i));
    expect(requests.sleeper.safeParse({ leagues: five }).success).toBe(true);
    expect(requests.sleeper.safeParse({ leagues: [...five, sleeperRef(9)] }).error?.issues[0].message).toBe(
      'Send at most 5 leagues a request.',
    );
    expect(requests.sleeper.safeParse({ leagues: [] }).error?.issues[0].message).toBe(
      'Send at least one league.',
    );
    // An MFL league needs its franchise and address; a Sleeper ref is not one.
    expect(requests.mfl.safeParse({ leagues: [sleeperRef(1)] }).success).toBe(false);
  });

  it("checks the tool's own fields beside the leagues", () => {
    const withWeek = leagueChunkRequests({ week: z.number().int().max(18).optional() });
    expect(withWeek.flea.parse({ leagues: [{ league_id: '7', team_id: '8' }], week: 3 })).toEqual({
      leagues: [{ league_id: '7', team_id: '8' }],
      week: 3,
    });
    expect(withWeek.flea.safeParse({ leagues: [{ league_id: '7', team_id: '8' }], week: 19 }).success).toBe(
      false,
    );
  });
});

describe('leagueKey', () => {
  it('names a league by its service and id', () => {
    expect(leagueKey({ type: 'flea', league_id: '42' })).toBe('flea:42');
  });
});
