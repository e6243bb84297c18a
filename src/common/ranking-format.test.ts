import { describe, expect, it } from 'vitest';
import { carryTiers, entryProblems, formatLabel, gapWords, parseRankingCsv } from './ranking-format.ts';

const row = (playerId: string, tier = 1) => ({ playerId, tier, note: '' });

describe('entryProblems', () => {
  it('accepts tiers that start at 1 and rise one at a time', () => {
    expect(entryProblems([row('a'), row('b'), row('c', 2), row('d', 2), row('e', 3)])).toEqual([]);
  });

  it('refuses an empty board and one over the limit, naming the list', () => {
    expect(entryProblems([])).toEqual([
      { field: 'entries', message: 'Add at least one player to the ranking.' },
    ]);
    const many = Array.from({ length: 5000 }, (_, i) => row(String(i)));
    expect(entryProblems(many)[0]).toEqual({
      field: 'entries',
      message: 'A ranking holds at most 600 players; this one has 5,000.',
    });
  });

  it('names a repeated player, and a tier that goes back, skips or does not start at 1, by row', () => {
    expect(entryProblems([row('a', 2)])).toEqual([
      { field: 'entries/0/tier', message: 'The first player starts tier 1.' },
    ]);
    expect(entryProblems([row('a'), row('b', 2), row('a', 1)])).toEqual([
      {
        field: 'entries/2/playerId',
        message: 'Rank 3 is the same player as rank 1: each player appears once.',
      },
      {
        field: 'entries/2/tier',
        message: 'Rank 3 is in tier 1, after tier 2: tiers run down the list in order.',
      },
    ]);
    expect(entryProblems([row('a'), row('b', 3)])[0].message).toBe(
      'Rank 2 jumps from tier 1 to tier 3: tiers go up one at a time.',
    );
  });
});

describe('parseRankingCsv', () => {
  it('reads a header with player, tier and note columns, quoted cells and a BOM', () => {
    const csv =
      '\uFEFFRank,Player,Tier,Note\r\n1,"Chase, Ja\'Marr",1,"The ""alpha"""\n2,Bijan Robinson,,\n\n3,Puka Nacua,2,';
    expect(parseRankingCsv(csv)).toEqual({
      rows: [
        { line: 2, player: "Chase, Ja'Marr", tier: 1, note: 'The "alpha"' },
        { line: 3, player: 'Bijan Robinson', tier: undefined, note: '' },
        { line: 5, player: 'Puka Nacua', tier: 2, note: '' },
      ],
      problems: [],
    });
  });

  it('takes the first column as the player without a header, and names bad lines', () => {
    expect(parseRankingCsv('Josh Allen\n,\n').rows.map((r) => r.player)).toEqual(['Josh Allen']);
    const { problems } = parseRankingCsv('player,tier\nA,one\n,2\nB,2');
    expect(problems).toEqual([
      'Line 2: the tier “one” is not a whole number from 1 to 50.',
      'Line 3 names no player.',
    ]);
    expect(parseRankingCsv('').problems).toEqual(['The file has no rows.']);
  });

  it('fills missing tiers from the row above', () => {
    expect(carryTiers([{ tier: undefined }, { tier: 2 }, { tier: undefined }]).map((r) => r.tier)).toEqual([
      1, 2, 2,
    ]);
  });
});

describe('words', () => {
  it('says who has a player higher', () => {
    expect(gapWords(3, 10)).toBe('Writer higher by 7');
    expect(gapWords(10, 3)).toBe('Market higher by 7');
    expect(gapWords(4, 4)).toBe('Level');
    expect(gapWords(4, undefined)).toBe('Not in the market');
  });

  it('labels a format', () => {
    expect(
      formatLabel({ kind: 'position', position: 'TE', qbFormat: 'SF', ppr: true, tePremium: true }),
    ).toBe('TE · Superflex · PPR · TE premium');
    expect(formatLabel({ kind: 'rookie', position: '', qbFormat: '1QB', ppr: false, tePremium: false })).toBe(
      'Rookie · 1QB · Standard',
    );
  });
});
