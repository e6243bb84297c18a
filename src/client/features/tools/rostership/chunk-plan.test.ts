import { describe, expect, it } from 'vitest';
import type { League } from '#common/leagues.ts';
import { planChunks, runPool } from './chunk-plan.ts';

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

describe('runPool', () => {
  it('never runs more than the limit at once and runs everything', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      running--;
      done.push(i);
    });
    await runPool(tasks, 3);
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
