import { describe, expect, it } from 'vitest';
import type { League } from '#common/leagues.ts';
import { planChunks } from './chunk-plan.ts';

const league = (type: League['type'], i: number): League => ({
  type,
  league_id: String(i),
  name: `${type} ${i}`,
  url: '',
});

describe('planChunks', () => {
  it('chunks each service by 5 and interleaves the services', () => {
    const leagues = [
      ...Array.from({ length: 12 }, (_, i) => league('mfl', i)),
      ...Array.from({ length: 3 }, (_, i) => league('sleeper', i)),
      ...Array.from({ length: 6 }, (_, i) => league('flea', i)),
    ];
    const plan = planChunks(leagues);
    expect(plan.map((c) => `${c.service}:${c.leagues.length}`)).toEqual([
      'mfl:5',
      'sleeper:3',
      'flea:5',
      'mfl:5',
      'flea:1',
      'mfl:2',
    ]);
    expect(plan.flatMap((c) => c.leagues)).toHaveLength(leagues.length);
    expect(planChunks([])).toEqual([]);
  });
});
