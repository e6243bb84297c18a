import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MyWeekFreeAgent } from './my-week.ts';
import {
  bestByPosition,
  compareFreeAgents,
  firstKickoff,
  freeInMost,
  injuryProblem,
  problemsOf,
} from './my-week-rules.ts';

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

describe('the rules at their edges', () => {
  it.each([['NFI'], ['COVID'], ['Inactive']])('%s is out', (status) =>
    expect(injuryProblem(status)).toBe('out'),
  );
  it.each([['ir'], ['out'], ['Injured Reserve']])(
    '%s, not the vocabulary injuryOf gives, is no problem',
    (status) => expect(injuryProblem(status)).toBeUndefined(),
  );

  it('lists a starter injured and on bye once, for his injury; a questionable starter on bye for his bye', () => {
    expect(
      problemsOf(
        [
          { player: player('1', 'SF'), status: 'IR' },
          { player: player('2', 'SF'), status: 'Questionable' },
        ],
        [],
        new Set(['SF']),
      ),
    ).toEqual([
      { kind: 'ir', player: player('1', 'SF'), status: 'IR' },
      { kind: 'bye', player: player('2', 'SF') },
    ]);
    expect(problemsOf([], [], new Set(['SF']))).toEqual([]);
  });

  it('takes a kickoff at this very moment as started, and the earliest of two teams kicking off together', () => {
    const kickoffs = new Map([
      ['KC', 5_000],
      ['SF', 5_000],
      ['DAL', 7_000],
    ]);
    expect(firstKickoff(['KC'], kickoffs, 5_000)).toBeNull();
    expect(firstKickoff(['KC'], kickoffs, 4_999)).toBe(5_000);
    expect(firstKickoff(['DAL', 'SF', 'KC', 'BUF'], kickoffs, 0)).toBe(5_000);
    expect(firstKickoff([], kickoffs, 0)).toBeNull();
    // The earliest wins wherever it stands among the teams.
    expect(firstKickoff(['SF', 'DAL'], kickoffs, 0)).toBe(5_000);
    expect(firstKickoff(['DAL', 'SF'], kickoffs, 0)).toBe(5_000);
  });

  it('breaks an ADP tie by projection, a projection tie by the service’s rank, a rank tie by name', () => {
    const sorted = (list: MyWeekFreeAgent[]) => [...list].sort(compareFreeAgents).map((p) => p.id);
    expect(
      sorted([
        fa('low', { adp: 7, adpFrom: 'startup', projection: 2 }),
        fa('high', { adp: 7, projection: 8 }),
      ]),
    ).toEqual(['high', 'low']);
    expect(
      sorted([
        fa('second', { projection: 5, serviceRank: 9 }),
        fa('first', { projection: 5, serviceRank: 2 }),
      ]),
    ).toEqual(['first', 'second']);
    expect(
      sorted([fa('b', { name: 'Bo', serviceRank: 3 }), fa('a', { name: 'Al', serviceRank: 3 })]),
    ).toEqual(['a', 'b']);
    // The service's rank counts only where neither has a projection; a player with one ranks first.
    expect(sorted([fa('ranked', { serviceRank: 1 }), fa('projected', { projection: 0 })])).toEqual([
      'projected',
      'ranked',
    ]);
    expect(sorted([fa('none', { name: 'Aaron' }), fa('ranked', { name: 'Zack', serviceRank: 50 })])).toEqual([
      'ranked',
      'none',
    ]);
  });

  it('orders any two free agents as an independent ranking key does, whichever comes first', () => {
    // The ranking written out as a key: tier (startup, rookie, none), ADP, projection's presence and
    // value (higher first), the service's rank's presence and value, then the name.
    const key = (p: MyWeekFreeAgent): (number | string)[] => [
      p.adp === undefined ? 2 : p.adpFrom === 'rookie' ? 1 : 0,
      p.adp ?? 0,
      p.projection === undefined ? 1 : 0,
      -(p.projection ?? 0),
      p.serviceRank === undefined ? 1 : 0,
      p.serviceRank ?? 0,
      p.name,
    ];
    const byKey = (a: MyWeekFreeAgent, b: MyWeekFreeAgent) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) {
        if (ka[i] === kb[i]) continue;
        return typeof ka[i] === 'string'
          ? String(ka[i]).localeCompare(String(kb[i]))
          : (ka[i] as number) - (kb[i] as number);
      }
      return 0;
    };
    const agent = fc.record({
      name: fc.constantFrom('Al', 'Bo', 'Cy'),
      adp: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      adpFrom: fc.constantFrom('startup' as const, 'rookie' as const),
      projection: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      serviceRank: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(agent, agent, (x, y) => {
        const a = fa('a', x);
        const b = fa('b', y);
        expect(Math.sign(compareFreeAgents(a, b))).toBe(Math.sign(byKey(a, b)));
        expect(Math.sign(compareFreeAgents(b, a))).toBe(Math.sign(byKey(b, a)));
      }),
    );
  });

  it('keeps as many of each position as asked, in the positions’ order, fewer where fewer are free', () => {
    const list = [
      { ...fa('te'), position: 'TE', adp: 1 },
      { ...fa('wr2'), position: 'WR', adp: 9 },
      { ...fa('wr1'), position: 'WR', adp: 2 },
      { ...fa('qb'), position: 'QB' },
    ];
    expect(bestByPosition(list, 1).map((p) => p.id)).toEqual(['qb', 'wr1', 'te']);
    expect(bestByPosition(list).map((p) => p.id)).toEqual(['qb', 'wr1', 'wr2', 'te']);
    expect(bestByPosition([])).toEqual([]);
  });

  it('across leagues: a player free in one league only is left out; the first copy of a player is the one shown', () => {
    const a = fa('a', { adp: 5, adpFrom: 'startup', name: 'First copy' });
    const again = fa('a', { adp: 5, adpFrom: 'startup', name: 'Second copy' });
    const lonely = fa('l', { adp: 1, adpFrom: 'startup' });
    const rows = freeInMost([
      { type: 'mfl', league_id: '1', best: [], freeWithAdp: ['a', 'l'], topFree: [a, lonely] },
      { type: 'sleeper', league_id: '1', best: [again], freeWithAdp: [], topFree: [] },
    ]);
    expect(rows).toEqual([{ player: a, leagues: ['mfl:1', 'sleeper:1'] }]);
  });

  it('across leagues: the player free in more leagues first, whatever order the leagues name them in', () => {
    const few = fa('few', { adp: 1, adpFrom: 'startup' });
    const many = fa('many', { adp: 90, adpFrom: 'startup' });
    const line = (league_id: string, ids: string[]) => ({
      type: 'sleeper' as const,
      league_id,
      best: [],
      freeWithAdp: ids,
      topFree: [few, many].filter((p) => ids.includes(p.id)),
    });
    const rows = freeInMost([line('1', ['few', 'many']), line('2', ['few', 'many']), line('3', ['many'])]);
    expect(rows.map((r) => [r.player.id, r.leagues.length])).toEqual([
      ['many', 3],
      ['few', 2],
    ]);
  });
});
