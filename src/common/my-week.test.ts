import { describe, expect, it } from 'vitest';
import {
  bestByPosition,
  compareFreeAgents,
  firstKickoff,
  freeInMost,
  injuryProblem,
  type MyWeekFreeAgent,
  problemsOf,
} from './my-week.ts';

const player = (id: string, team = 'KC', position = 'RB') => ({ id, name: `Player ${id}`, position, team });
const fa = (id: string, extra: Partial<MyWeekFreeAgent> = {}): MyWeekFreeAgent => ({
  ...player(id, 'BUF', 'WR'),
  ...extra,
});

describe('injuryProblem', () => {
  it.each([
    ['Out', 'out'],
    ['Suspended', 'out'],
    ['PUP', 'out'],
    ['Doubtful', 'doubtful'],
    ['IR', 'ir'],
  ])('%s is %s', (status, kind) => expect(injuryProblem(status)).toBe(kind));

  it.each([['Questionable'], ['Probable'], [undefined], ['']])('%s is no problem', (status) =>
    expect(injuryProblem(status)).toBeUndefined(),
  );
});

describe('problemsOf', () => {
  it('lists injured starters, starters on bye and empty slots, in that order', () => {
    const problems = problemsOf(
      [
        { player: player('1', 'KC'), status: 'Out' },
        { player: player('2', 'SF') },
        { player: player('3', 'DAL'), status: 'Questionable' },
        { player: player('4', 'NYJ'), status: 'Doubtful' },
      ],
      ['TE', 'FLEX'],
      new Set(['SF', 'NYJ']),
    );
    expect(problems).toEqual([
      { kind: 'out', player: player('1', 'KC'), status: 'Out' },
      { kind: 'bye', player: player('2', 'SF') },
      { kind: 'doubtful', player: player('4', 'NYJ'), status: 'Doubtful' },
      { kind: 'empty', slot: 'TE' },
      { kind: 'empty', slot: 'FLEX' },
    ]);
  });

  it('without the schedule no one is on bye', () => {
    expect(problemsOf([{ player: player('2', 'SF') }], [], undefined)).toEqual([]);
  });
});

describe('firstKickoff', () => {
  const kickoffs = new Map([
    ['KC', 1_000],
    ['SF', 3_000],
    ['DAL', 2_000],
  ]);
  it('is the earliest kickoff still ahead among the teams', () => {
    expect(firstKickoff(['KC', 'SF', 'DAL'], kickoffs, 1_500)).toBe(2_000);
    expect(firstKickoff(['SF', 'KC'], kickoffs, 0)).toBe(1_000);
  });
  it('is null when every game has started or no team plays', () => {
    expect(firstKickoff(['KC', 'DAL'], kickoffs, 2_000)).toBeNull();
    expect(firstKickoff(['FA', 'BUF'], kickoffs, 0)).toBeNull();
  });
});

describe('best available ranking', () => {
  it('ADP first (lower first), then MFL projection (higher first), then the service’s rank, then name', () => {
    const list = [
      fa('e', { name: 'Zed' }),
      fa('d', { name: 'Abe' }),
      fa('c', { serviceRank: 10 }),
      fa('b', { projection: 3 }),
      fa('a', { projection: 9 }),
      fa('y', { adp: 20, projection: 1 }),
      fa('x', { adp: 4.5 }),
    ];
    expect([...list].sort(compareFreeAgents).map((p) => p.id)).toEqual(['x', 'y', 'a', 'b', 'c', 'd', 'e']);
  });

  it('startup ADP before rookie ADP whatever the numbers: the two count different drafts', () => {
    const list = [
      fa('rookie-1', { adp: 1, adpFrom: 'rookie' }),
      fa('none', { projection: 30 }),
      fa('startup-150', { adp: 150, adpFrom: 'startup' }),
      fa('rookie-9', { adp: 9, adpFrom: 'rookie' }),
      fa('startup-40', { adp: 40, adpFrom: 'startup' }),
    ];
    expect([...list].sort(compareFreeAgents).map((p) => p.id)).toEqual([
      'startup-40',
      'startup-150',
      'rookie-1',
      'rookie-9',
      'none',
    ]);
  });

  it('keeps the best 3 of each listed position, QB RB WR TE', () => {
    const list = [
      ...['1', '2', '3', '4'].map((id, i) => ({ ...fa(id), position: 'QB', adp: 10 - i })),
      { ...fa('k'), position: 'PK', adp: 1 },
      { ...fa('t'), position: 'TE' },
    ];
    expect(bestByPosition(list).map((p) => p.id)).toEqual(['4', '3', '2', 't']);
  });

  it('across leagues: players with ADP free in at least two leagues, counted wherever they are free', () => {
    const a = fa('a', { adp: 30, adpFrom: 'startup' });
    const b = fa('b', { adp: 3, adpFrom: 'startup' });
    const c = fa('c', { adp: 50, adpFrom: 'startup' });
    const noAdp = fa('z');
    const rows = freeInMost([
      // a is among the best here; in league 3 he is free below its listed players: he counts there too.
      { type: 'mfl', league_id: '1', best: [a, noAdp], freeWithAdp: ['a', 'b'], topFree: [b, a] },
      { type: 'sleeper', league_id: '2', best: [noAdp], freeWithAdp: ['b'], topFree: [b] },
      { type: 'flea', league_id: '3', best: [c], freeWithAdp: ['c', 'a'], topFree: [c] },
      { type: 'flea', league_id: '4', best: [], freeWithAdp: ['c', 'a', 'b'], topFree: [] },
    ]);
    // a and b are free in three leagues each: the lower ADP first.
    expect(rows.map((r) => [r.player.id, r.leagues])).toEqual([
      ['b', ['mfl:1', 'sleeper:2', 'flea:4']],
      ['a', ['mfl:1', 'flea:3', 'flea:4']],
      ['c', ['flea:3', 'flea:4']],
    ]);
  });
});
