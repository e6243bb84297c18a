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
