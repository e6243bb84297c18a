import { describe, expect, it } from 'vitest';
import { type BoardEntry, describeChanges, longestRun, movers } from './changes.ts';

const e = (name: string, tier = 1, note = ''): BoardEntry => ({
  playerId: name.toLowerCase(),
  name,
  position: 'RB',
  team: 'KC',
  tier,
  note,
});
const board = (title: string, ...entries: BoardEntry[]) => ({ title, entries });

describe('describeChanges', () => {
  it('says a first version was published, with its size', () => {
    expect(describeChanges(undefined, board('T', e('A'), e('B')))).toEqual(['Published with 2 players.']);
  });

  it('names a player who jumped, not those he passed', () => {
    expect(
      describeChanges(board('T', e('A'), e('B'), e('C'), e('D')), board('T', e('D'), e('A'), e('B'), e('C'))),
    ).toEqual(['Moved D 4 → 1.']);
  });

  it('says what was added, removed, retitled, re-tiered and re-noted; nothing for the same board', () => {
    const before = board('Old', e('A'), e('B'), e('C'));
    const after = board('New', e('A', 1, 'still the one'), e('C', 2), e('Z', 2));
    expect(describeChanges(before, after)).toEqual([
      'Title changed from “Old” to “New”.',
      'Added Z (3).',
      'Removed B (was 2).',
      'Tier changed for 1 player.',
      'Note changed for 1 player.',
    ]);
    expect(describeChanges(before, before)).toEqual([]);
  });

  it('names at most ten moves and counts the rest', () => {
    const names = Array.from({ length: 30 }, (_, i) => e(`P${i}`));
    const reversed = [...names].reverse();
    const [line] = describeChanges(board('T', ...names), board('T', ...reversed));
    expect(line).toMatch(/^Moved (P\d+ \d+ → \d+, ){9}P\d+ \d+ → \d+ and 19 more\.$/);
  });
});

describe('movers', () => {
  it('lists the largest moves first, then the players new to the board', () => {
    const before = [e('A'), e('B'), e('C'), e('D')];
    const after = [e('D'), e('A'), e('New'), e('B')];
    expect(movers(before, after).map((m) => [m.name, m.from, m.to])).toEqual([
      ['D', 4, 1],
      ['B', 2, 4],
      ['A', 1, 2],
      ['New', null, 3],
    ]);
  });
});

describe('longestRun', () => {
  it('finds the indexes of a longest increasing run', () => {
    expect([...longestRun([3, 1, 2, 4])].sort()).toEqual([1, 2, 3]);
    expect(longestRun([]).size).toBe(0);
  });
});
