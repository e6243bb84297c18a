import { describe, expect, it } from 'vitest';
import type { LineupInfo, LineupPlayer } from '#common/lineup.ts';
import { applySelection, hasChanges } from './selection.ts';

const KICK = 1_800_000_000;
const p = (id: string, starter: boolean, kickoff = KICK): LineupPlayer => ({
  id,
  name: id,
  position: 'RB',
  team: 'KCC',
  starter,
  isBye: false,
  isOut: false,
  injuryStatus: null,
  score: null,
  projectedScore: 1,
  scheduleInfo: {
    kickoff,
    homeTeam: 'KCC',
    awayTeam: 'BUF',
    homeScore: null,
    awayScore: null,
    secondsRemaining: 3600,
  },
});

const info: LineupInfo = {
  name: 'T',
  url: 'https://x',
  week: 1,
  currentWeek: 1,
  lastWeek: 17,
  bestball: false,
  starters: 3,
  now: 0,
  positions: { RB: { limit: '1-3', players: [p('a', true), p('b', false), p('c', true, KICK - 5000)] } },
};
const before = (KICK - 1000) * 1000;

describe('applySelection', () => {
  it('shows MFL lineup without edits', () => {
    expect(applySelection(info, null, before)).toBe(info);
    expect(hasChanges(info, info)).toBe(false);
  });

  it('applies the chosen starters to unlocked players only', () => {
    const shown = applySelection(info, new Set(['b']), before);
    expect(shown.positions.RB.players.map((x) => [x.id, x.starter])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(hasChanges(info, shown)).toBe(true);
    expect(hasChanges(info, applySelection(info, new Set(['a']), before))).toBe(false);
  });
});
