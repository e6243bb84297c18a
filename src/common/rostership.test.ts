import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leagueKey } from './league-chunks.ts';
import { type RostershipPlayer, rostershipRequestSchemas } from './rostership.ts';
import {
  deriveRow,
  draftYearsOf,
  filterRows,
  injuryOf,
  mergePlayers,
  positionAndTeam,
  rosterRate,
  rowsToCsv,
  sortRows,
  withoutLeagues,
} from './rostership-rows.ts';

const player = (over: Partial<RostershipPlayer> = {}): RostershipPlayer => ({
  id: '1',
  name: 'Josh Allen',
  position: 'QB',
  team: 'BUF',
  isOut: false,
  leagues: [{ type: 'mfl', league_id: '10', isStarter: true }],
  ...over,
});

describe('rosterRate', () => {
  it('is count / total × 100 to 2 decimals', () => {
    expect(rosterRate(1, 3)).toBe(33.33);
    expect(rosterRate(2, 3)).toBe(66.67);
    expect(rosterRate(3, 3)).toBe(100);
    expect(rosterRate(1, 8)).toBe(12.5);
    expect(rosterRate(0, 5)).toBe(0);
    expect(rosterRate(3, 0)).toBe(0);
  });

  it('always lies in 0..100 with at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(), (total, n) => {
        const count = n % (total + 1);
        const r = rosterRate(count, total);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(100);
        expect(Math.round(r * 100) / 100).toBe(r);
        expect(Math.abs(r - (count / total) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('derived fields', () => {
  it('count, starter, inactive starter and at-risk starter', () => {
    const out = deriveRow(
      player({
        injuryStatus: 'Out',
        isOut: true,
        leagues: [
          { type: 'mfl', league_id: '1', isStarter: false },
          { type: 'sleeper', league_id: '2', isStarter: true },
        ],
      }),
      4,
    );
    expect(out).toMatchObject({
      count: 2,
      rosterRate: 50,
      isStarter: true,
      isInactiveStarter: true,
      isAtRiskStarter: true,
    });
    const q = deriveRow(player({ injuryStatus: 'Questionable' }), 1);
    expect(q).toMatchObject({ isStarter: true, isInactiveStarter: false, isAtRiskStarter: true });
    const bench = deriveRow(
      player({
        injuryStatus: 'IR',
        isOut: true,
        leagues: [{ type: 'flea', league_id: '3', isStarter: false }],
      }),
      1,
    );
    expect(bench).toMatchObject({ isStarter: false, isInactiveStarter: false, isAtRiskStarter: false });
  });
});

describe('position and team shown', () => {
  it('are none, not the placeholder, when a service wrote "NA" or "?" (a result stored before)', () => {
    const row = deriveRow(player({ position: 'NA', team: 'NA' }), 1);
    expect([row.position, row.team]).toEqual(['', '']);
    expect(positionAndTeam(row)).toBe('');
    expect(deriveRow(player({ position: '?', team: 'FA' }), 1).position).toBe('');
  });

  it('read "LB · NYG", or only the part that is known, once', () => {
    expect(positionAndTeam({ position: 'LB', team: 'NYG' })).toBe('LB · NYG');
    expect(positionAndTeam({ position: '', team: 'FA' })).toBe('FA');
    expect(positionAndTeam({ position: 'NA', team: 'NA' })).toBe('');
    expect(positionAndTeam({ position: 'DE', team: 'N/A' })).toBe('DE');
  });
});

describe('injuryOf', () => {
  it('brings the services’ words to one vocabulary', () => {
    expect(injuryOf('Q')).toEqual({ injuryStatus: 'Questionable', isOut: false });
    expect(injuryOf('Injured Reserve')).toEqual({ injuryStatus: 'IR', isOut: true });
    expect(injuryOf('OUT')).toEqual({ injuryStatus: 'Out', isOut: true });
    expect(injuryOf('Sus')).toEqual({ injuryStatus: 'Suspended', isOut: true });
    expect(injuryOf('Doubtful')).toEqual({ injuryStatus: 'Doubtful', isOut: false });
    expect(injuryOf(null)).toEqual({ isOut: false });
    expect(injuryOf('  ')).toEqual({ isOut: false });
    expect(injuryOf('Hamstring')).toEqual({ injuryStatus: 'Hamstring', isOut: false });
  });
});

const leagueArb = fc.record({
  type: fc.constantFrom('mfl' as const, 'sleeper' as const, 'flea' as const),
  league_id: fc.constantFrom('1', '2', '3', '4', '5', '6'),
  isStarter: fc.boolean(),
});
const playerArb = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  name: fc.constantFrom('Amon-Ra St. Brown', 'Bijan Robinson', 'CeeDee Lamb'),
  position: fc.constantFrom('QB', 'RB', 'WR', 'TE', 'LB', 'CB', 'Def'),
  team: fc.constantFrom('DET', 'ATL', 'FA'),
  draftYear: fc.option(fc.integer({ min: 2015, max: 2026 }), { nil: undefined }),
  injuryStatus: fc.option(fc.constantFrom('Questionable', 'Out'), { nil: undefined }),
  isOut: fc.boolean(),
  leagues: fc.array(leagueArb, { maxLength: 4 }),
});
const chunkArb = fc.array(playerArb, { maxLength: 8 });

/** A comparable picture of a merged list: per id, its sorted league keys and starter keys. */
const picture = (players: RostershipPlayer[]) =>
  Object.fromEntries(
    players
      .map((p) => [
        p.id,
        {
          leagues: p.leagues.map(leagueKey).sort(),
          starts: p.leagues
            .filter((l) => l.isStarter)
            .map(leagueKey)
            .sort(),
          isOut: p.isOut,
        },
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

describe('mergePlayers', () => {
  it('joins league lists by player id', () => {
    const merged = mergePlayers(
      [player({ id: 'x', leagues: [{ type: 'mfl', league_id: '1', isStarter: false }] })],
      [
        player({
          id: 'x',
          injuryStatus: 'Questionable',
          leagues: [{ type: 'sleeper', league_id: '1', isStarter: true }],
        }),
        player({ id: 'y' }),
      ],
    );
    expect(merged).toHaveLength(2);
    expect(merged[0].leagues.map(leagueKey)).toEqual(['mfl:1', 'sleeper:1']);
    expect(merged[0].injuryStatus).toBe('Questionable');
  });

  it('gives the same list whatever order the chunks arrive in (streaming is safe)', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, chunkArb, (a, b, c) => {
        const abc = mergePlayers(mergePlayers(mergePlayers([], a), b), c);
        const cab = mergePlayers(mergePlayers(mergePlayers([], c), a), b);
        const once = mergePlayers([], [...a, ...b, ...c]);
        expect(picture(abc)).toEqual(picture(cab));
        expect(picture(abc)).toEqual(picture(once));
      }),
    );
  });

  it('one row per id; each league counted once; nothing lost', () => {
    fc.assert(
      fc.property(chunkArb, chunkArb, (a, b) => {
        const merged = mergePlayers(a, b);
        expect(new Set(merged.map((p) => p.id)).size).toBe(merged.length);
        for (const p of merged) expect(new Set(p.leagues.map(leagueKey)).size).toBe(p.leagues.length);
        const keysIn = new Set([...a, ...b].flatMap((p) => p.leagues.map((l) => `${p.id}|${leagueKey(l)}`)));
        const keysOut = new Set(merged.flatMap((p) => p.leagues.map((l) => `${p.id}|${leagueKey(l)}`)));
        expect(keysOut).toEqual(keysIn);
      }),
    );
  });

  it('joins rows read without the merged list to the row of a later answer that has it', () => {
    // Sleeper and Fleaflicker answered alone (their own ids), then MFL with the list.
    const sleeperRow = player({
      id: 'sleeper:77',
      sleeper_id: '77',
      leagues: [{ type: 'sleeper', league_id: '1', isStarter: true }],
    });
    const fleaRow = player({
      id: 'flea:9',
      flea_id: '9',
      leagues: [{ type: 'flea', league_id: '2', isStarter: false }],
    });
    const listed = player({
      id: '1234',
      mfl_id: '1234',
      sleeper_id: '77',
      flea_id: '9',
      leagues: [{ type: 'mfl', league_id: '3', isStarter: false }],
    });
    for (const order of [
      [sleeperRow, fleaRow, listed],
      [listed, fleaRow, sleeperRow],
      [fleaRow, listed, sleeperRow],
    ]) {
      const merged = order.reduce<RostershipPlayer[]>((list, p) => mergePlayers(list, [p]), []);
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ id: '1234', mfl_id: '1234', sleeper_id: '77', flea_id: '9' });
      expect(merged[0].leagues.map(leagueKey).sort()).toEqual(['flea:2', 'mfl:3', 'sleeper:1']);
    }
    // Without a row that links them, two services' rows stay apart.
    expect(mergePlayers([sleeperRow], [fleaRow])).toHaveLength(2);
  });

  it('does not change its inputs', () => {
    const a = [player({ id: 'x' })];
    const before = JSON.stringify(a);
    mergePlayers(a, [player({ id: 'x', leagues: [{ type: 'flea', league_id: '9', isStarter: false }] })]);
    expect(JSON.stringify(a)).toBe(before);
  });
});

describe('withoutLeagues', () => {
  it('drops a reloaded league and players left with none', () => {
    const players = [
      player({ id: 'x', leagues: [{ type: 'mfl', league_id: '1', isStarter: true }] }),
      player({
        id: 'y',
        leagues: [
          { type: 'mfl', league_id: '1', isStarter: true },
          { type: 'flea', league_id: '2', isStarter: false },
        ],
      }),
    ];
    const left = withoutLeagues(players, new Set(['mfl:1']));
    expect(left.map((p) => p.id)).toEqual(['y']);
    expect(left[0].leagues.map(leagueKey)).toEqual(['flea:2']);
  });
});

describe('years, filters and sorting', () => {
  it('lists the draft years present, newest first', () => {
    expect(draftYearsOf([{ draftYear: 2020 }, {}, { draftYear: 2024 }, { draftYear: 2020 }])).toEqual([
      2024, 2020,
    ]);
  });

  it('filters by position, draft year and a case-insensitive name part', () => {
    const rows = [
      player({ id: '1', name: 'Josh Allen', position: 'QB', draftYear: 2018 }),
      player({ id: '2', name: 'Josh Jacobs', position: 'RB', draftYear: 2019 }),
      player({ id: '3', name: 'Keenan Allen', position: 'WR', draftYear: 2013 }),
    ];
    const ids = (r: RostershipPlayer[]) => r.map((p) => p.id);
    const all = new Set(['QB', 'RB', 'WR']);
    expect(ids(filterRows(rows, { positions: all, name: 'ALLEN' }))).toEqual(['1', '3']);
    expect(ids(filterRows(rows, { positions: new Set(['RB', 'WR']), name: 'josh' }))).toEqual(['2']);
    expect(ids(filterRows(rows, { positions: all, name: '', draftYear: 2013 }))).toEqual(['3']);
    expect(filterRows(rows, { positions: new Set(), name: '' })).toEqual([]);
  });

  it('sorts by count descending by default; a column either way', () => {
    const rows = [
      deriveRow(
        player({ id: 'a', name: 'B', leagues: [{ type: 'mfl', league_id: '1', isStarter: false }] }),
        3,
      ),
      deriveRow(
        player({
          id: 'b',
          name: 'A',
          leagues: [
            { type: 'mfl', league_id: '1', isStarter: false },
            { type: 'mfl', league_id: '2', isStarter: false },
          ],
        }),
        3,
      ),
      deriveRow(
        player({
          id: 'c',
          name: 'C',
          position: 'RB',
          leagues: [{ type: 'mfl', league_id: '3', isStarter: false }],
        }),
        3,
      ),
    ];
    expect(sortRows(rows).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, 'count', false).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, 'name', false).map((r) => r.name)).toEqual(['A', 'B', 'C']);
    expect(sortRows(rows, 'name', true).map((r) => r.name)).toEqual(['C', 'B', 'A']);
    expect(sortRows(rows, 'position', true).map((r) => r.id)[0]).toBe('c');
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and never lets a cell become a formula', () => {
    const csv = rowsToCsv([
      deriveRow(player({ name: 'Smith, "Jr"', team: '=HYPERLINK("x")', draftYear: 2020 }), 2),
    ]);
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toBe('Name,Position,Team,Draft year,Leagues,Rate %,Starter in,Injury');
    expect(line).toBe(`"Smith, ""Jr""",QB,"'=HYPERLINK(""x"")",2020,1,50.00,1,`);
  });
});

describe('request schemas', () => {
  it('each service takes its own refs, 1 to 5 of them', () => {
    const mfl = {
      league_id: '12345',
      franchise_id: '0001',
      url: 'https://www45.myfantasyleague.com/2026/home/12345',
    };
    expect(rostershipRequestSchemas.mfl.safeParse({ leagues: [mfl] }).success).toBe(true);
    expect(rostershipRequestSchemas.mfl.safeParse({ leagues: Array(6).fill(mfl) }).success).toBe(false);
    expect(rostershipRequestSchemas.mfl.safeParse({ leagues: [] }).success).toBe(false);
    expect(rostershipRequestSchemas.sleeper.safeParse({ leagues: [{ league_id: '7381' }] }).success).toBe(
      true,
    );
    expect(rostershipRequestSchemas.flea.safeParse({ leagues: [{ league_id: '1' }] }).success).toBe(false);
  });
});

describe('merging, filtering and sorting, case by case', () => {
  const l = (league_id: string, isStarter = false) => ({ type: 'mfl' as const, league_id, isStarter });

  it('keeps the row that knows more services, filling in what the other knows', () => {
    const byMfl = player({ id: 'mfl:7', mfl_id: '7', name: 'Mfl Name', team: 'FA', leagues: [l('1')] });
    const full = player({
      id: 'p7',
      mfl_id: '7',
      sleeper_id: 's7',
      name: 'Full Name',
      team: 'FA',
      draftYear: undefined,
      leagues: [l('2')],
    });
    const withTeam = player({ id: 'mfl:7', mfl_id: '7', team: 'KC', draftYear: 2024, leagues: [l('3')] });
    const [one] = mergePlayers([byMfl, withTeam], [full]);
    expect(one).toMatchObject({ id: 'p7', name: 'Full Name', sleeper_id: 's7', team: 'KC', draftYear: 2024 });
    expect(one.leagues.map((x) => x.league_id)).toEqual(['1', '3', '2']);
    // Equal knowledge: the row read first keeps its id, name and team.
    const [first] = mergePlayers(
      [player({ id: 'a', mfl_id: '9', team: 'BUF' })],
      [player({ id: 'b', mfl_id: '9', team: 'MIA' })],
    );
    expect(first).toMatchObject({ id: 'a', team: 'BUF' });
    // A team known on the main row is kept over the other's.
    const [kept] = mergePlayers([full], [player({ id: 'x', mfl_id: '7', team: 'DAL', leagues: [l('4')] })]);
    expect(kept.team).toBe('DAL');
    const [main] = mergePlayers(
      [player({ id: 'p', mfl_id: '1', sleeper_id: '2', team: 'NYJ' })],
      [player({ id: 'q', mfl_id: '1', team: 'DAL' })],
    );
    expect(main.team).toBe('NYJ');
  });

  it('is out when either row says so; a league listed twice starts if either says so', () => {
    const out = mergePlayers(
      [player({ isOut: true, leagues: [l('1')] })],
      [player({ isOut: false, leagues: [l('1', true)] })],
    );
    expect(out).toHaveLength(1);
    expect(out[0].isOut).toBe(true);
    expect(out[0].leagues).toEqual([l('1', true)]);
    const notOut = mergePlayers([player({ isOut: false })], [player({ isOut: false })]);
    expect(notOut[0].isOut).toBe(false);
    expect(mergePlayers([player({ leagues: [l('1'), l('1')] })], [])[0].leagues).toEqual([l('1')]);
  });

  it('joins rows a later row links, into the first of them, and keeps finding them after', () => {
    const a = player({ id: 'mfl:1', mfl_id: '1', name: 'A', leagues: [l('1')] });
    const b = player({ id: 'sleeper:2', sleeper_id: '2', name: 'B', leagues: [l('2')] });
    const c = player({ id: 'other', name: 'C', leagues: [l('9')] });
    const both = player({ id: 'p', mfl_id: '1', sleeper_id: '2', name: 'Both', leagues: [l('3')] });
    const later = player({ id: 'sleeper:2', sleeper_id: '2', name: 'B', leagues: [l('4')] });
    const merged = mergePlayers([a, c, b], [both, later]);
    expect(merged.map((p) => p.id)).toEqual(['p', 'other']);
    expect(merged[0].leagues.map((x) => x.league_id).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('drops only the leagues asked, keeping untouched players as they were', () => {
    const p = player({ leagues: [l('1'), l('2')] });
    const q = player({ id: '2', leagues: [l('3')] });
    const out = withoutLeagues([p, q], new Set([leagueKey(l('1'))]));
    expect(out[1]).toBe(q);
    expect(out[0].leagues).toEqual([l('2')]);
    expect(withoutLeagues([q], new Set([leagueKey(l('3'))]))).toEqual([]);
  });

  it('matches names in any case, around spaces', () => {
    const rows = [player({ name: 'Josh Allen' }), player({ id: '2', name: 'Joe Burrow' })];
    const names = (name: string) => filterRows(rows, { positions: new Set(['QB']), name }).map((r) => r.name);
    expect(names('  ALLEN ')).toEqual(['Josh Allen']);
    expect(names('')).toEqual(['Josh Allen', 'Joe Burrow']);
  });

  it('sorts by each column, counts most first by default, ties by count then name', () => {
    const rows = [
      deriveRow(player({ id: 'a', name: 'Zed', team: 'BUF', leagues: [l('1')], injuryStatus: 'Q' }), 4),
      deriveRow(
        player({ id: 'b', name: 'Amy', team: 'ARI', isOut: true, leagues: [l('1', true), l('2')] }),
        4,
      ),
      deriveRow(
        player({
          id: 'c',
          name: 'Bob',
          team: 'CHI',
          leagues: [l('1', true), l('2'), l('3')],
          injuryStatus: 'Q',
        }),
        4,
      ),
    ];
    const ids = (key?: Parameters<typeof sortRows>[1], desc?: boolean) =>
      sortRows(rows, key, desc).map((r) => r.id);
    expect(ids()).toEqual(['c', 'b', 'a']);
    expect(ids('count', false)).toEqual(['a', 'b', 'c']);
    expect(ids('team', false)).toEqual(['b', 'a', 'c']);
    expect(ids('rosterRate')).toEqual(['c', 'b', 'a']);
    expect(ids('rosterRate', false)).toEqual(['a', 'b', 'c']);
    // Out and starting (4) above at risk and starting (2 + 1) above injured only (1).
    expect(ids('flags')).toEqual(['b', 'c', 'a']);
    expect(ids('flags', false)).toEqual(['a', 'c', 'b']);
    // A tie on the column falls back to count (most first), then name.
    const tie = [rows[0], { ...rows[2], team: 'BUF' }, { ...rows[1], team: 'BUF' }];
    expect(sortRows(tie, 'team', false).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    const sameCount = [rows[1], { ...rows[1], id: 'd', name: 'Abe' }];
    expect(sortRows(sameCount, 'team').map((r) => r.name)).toEqual(['Abe', 'Amy']);
  });

  it('writes how many leagues the player starts in', () => {
    const row = deriveRow(player({ leagues: [l('1', true), l('2'), l('3', true)] }), 3);
    expect(rowsToCsv([row]).split('\n')[1]).toContain(',3,100.00,2,');
  });
});
