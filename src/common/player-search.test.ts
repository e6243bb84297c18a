import { describe, expect, it } from 'vitest';
import { searchable, searchPlayers } from './player-search.ts';

const list = searchable([
  { id: '1', name: 'Amon-Ra St. Brown', position: 'WR', team: 'DET' },
  { id: '2', name: "Ja'Marr Chase", position: 'WR', team: 'CIN' },
  { id: '3', name: 'Josh Allen', position: 'QB', team: 'BUF' },
  { id: '4', name: 'Keenan Allen', position: 'WR', team: 'CHI' },
  { id: '5', name: 'Allen Robinson', position: 'WR', team: 'FA' },
  { id: '6', name: 'José Núñez', position: 'RB', team: 'FA' },
]);
const ids = (q: string, limit?: number) => searchPlayers(list, q, limit).map((p) => p.id);

describe('searchPlayers', () => {
  it('matches every word, ignoring case, accents and punctuation', () => {
    expect(ids('allen')).toEqual(['3', '4', '5']);
    expect(ids('JOSH al')).toEqual(['3']);
    expect(ids('jamarr')).toEqual(['2']);
    expect(ids('amonra st')).toEqual(['1']);
    expect(ids('nunez')).toEqual(['6']);
  });

  it('puts names with a word starting with the query first, and respects the limit', () => {
    expect(ids('len')).toEqual(['3', '4', '5']);
    expect(ids('rob')).toEqual(['5']);
    expect(ids('allen', 2)).toEqual(['3', '4']);
  });

  it('needs something typed', () => {
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
  });
});

describe('searchPlayers with a typo', () => {
  const typo = searchable([
    { id: '1', name: 'Zach Wright', position: 'WR', team: 'NYJ' },
    { id: '2', name: 'Calvin Ellis', position: 'RB', team: 'DAL' },
    { id: '3', name: 'Calvin Ridley', position: 'WR', team: 'TEN' },
    { id: '4', name: 'Zach Ertz', position: 'TE', team: 'WAS' },
    { id: '5', name: 'Ellis Wrights', position: 'LB', team: 'FA' },
    { id: '6', name: 'Zack Wrighton', position: 'CB', team: 'FA' },
  ]);
  const found = (q: string) => searchPlayers(typo, q).map((p) => p.name);

  it('forgives a swapped, missing, extra or wrong letter in a word of four letters or more', () => {
    expect(found('Zach Wrigth')[0]).toBe('Zach Wright');
    expect(found('Calvin Elis')).toEqual(['Calvin Ellis']);
    expect(found('calvn ridley')).toEqual(['Calvin Ridley']);
    expect(found('Zach Wrightt')[0]).toBe('Zach Wright');
  });

  it('ranks what is typed exactly first, then the nearest names', () => {
    // Every name holding "wright" as typed, in the list's order, and none a letter away.
    expect(found('wright')).toEqual(['Zach Wright', 'Ellis Wrights', 'Zack Wrighton']);
    // One letter off before two ("zack" for "zach" as well).
    expect(found('zach wrigth')).toEqual(['Zach Wright', 'Zack Wrighton']);
    // An exact "zach" before a forgiven one: Zach Ertz holds the word, Zack Wrighton is a letter off.
    expect(found('zach')).toEqual(['Zach Wright', 'Zach Ertz', 'Zack Wrighton']);
  });

  it('forgives nothing in a short word, and no more than one letter in a word under eight', () => {
    expect(found('Zak Wright')).toEqual([]);
    expect(found('Calvin Eiiss')).toEqual([]);
    expect(found('qqqqqq')).toEqual([]);
  });

  it('stays quick on a list of 10,000 players', () => {
    const first = [
      'Zach',
      'Calvin',
      'Josh',
      'Keenan',
      'Amon-Ra',
      'Marvin',
      'Tyreek',
      'Justin',
      'Jaylen',
      'Tony',
    ];
    const last = [
      'Wright',
      'Ellis',
      'Allen',
      'Brown',
      'Harrison',
      'Hill',
      'Jefferson',
      'Waddle',
      'Pollard',
      'Kelce',
    ];
    const big = searchable(
      Array.from({ length: 10_000 }, (_, i) => ({
        id: String(i),
        name: `${first[i % 10]} ${last[Math.floor(i / 10) % 10]}${i}`,
        position: 'WR',
        team: 'FA',
      })),
    );
    const typos = ['Zach Wrigth', 'Calvin Elis', 'jefferzon', 'qqqqqq xxxxxx'];
    for (const q of typos) searchPlayers(big, q, 8);
    // CPU time, not the wall's: other work on the machine does not count against it.
    const started = process.cpuUsage();
    for (let round = 0; round < 2; round++) for (const q of typos) searchPlayers(big, q, 8);
    const used = process.cpuUsage(started);
    // Every misspelt look-up weighs every name; bench/player-search.ts has the figures (a few ms).
    expect((used.user + used.system) / 1000 / 8).toBeLessThan(25);
  });
});
