import { describe, expect, it } from 'vitest';
import { mflEmptySlots, sleeperEmptySlots } from './leagues.ts';

describe('empty starting slots', () => {
  it('Sleeper: a "0" (or a missing entry) in starters is an empty slot of the same index', () => {
    expect(
      sleeperEmptySlots(['QB', 'RB', 'RB', 'WR', 'FLEX', 'BN', 'BN', 'IR'], ['11', '0', '22', '33']),
    ).toEqual(['RB', 'FLEX']);
    expect(sleeperEmptySlots(['QB', 'TAXI'], ['11'])).toEqual([]);
  });

  it('MFL: positions short of their least, then FLEX up to the league’s most starters', () => {
    const league = {
      startersCount: '7-8',
      starters: [
        { name: 'QB', limit: '1' },
        { name: 'RB', limit: '2-3' },
        { name: 'WR', limit: '2-4' },
        { name: 'TE', limit: '1-2' },
      ],
    };
    expect(mflEmptySlots(league, ['QB', 'RB', 'WR', 'WR', 'WR'])).toEqual(['RB', 'TE', 'FLEX']);
    expect(mflEmptySlots(league, ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'WR', 'RB'])).toEqual([]);
  });
});
