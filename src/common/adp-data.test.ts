import { describe, expect, it } from 'vitest';
import { parseLeagueReference } from './adp-data.ts';

describe('a league named by id or address', () => {
  it('reads MFL and Sleeper addresses, prefixed ids and bare numbers', () => {
    expect(parseLeagueReference('https://www44.myfantasyleague.com/2025/home/12345#0')).toEqual({
      service: 'mfl',
      leagueId: '12345',
      url: 'https://www44.myfantasyleague.com/2025/home/12345',
    });
    expect(parseLeagueReference('https://www44.myfantasyleague.com/2025/options?L=12345&O=07')).toMatchObject(
      {
        service: 'mfl',
        leagueId: '12345',
      },
    );
    expect(parseLeagueReference('https://sleeper.com/leagues/1180237019934453760/league')).toEqual({
      service: 'sleeper',
      leagueId: '1180237019934453760',
    });
    expect(parseLeagueReference(' 12345 ')).toEqual({ service: 'mfl', leagueId: '12345' });
    expect(parseLeagueReference('1180237019934453760')).toEqual({
      service: 'sleeper',
      leagueId: '1180237019934453760',
    });
    expect(parseLeagueReference('sleeper:522458773317046272')).toEqual({
      service: 'sleeper',
      leagueId: '522458773317046272',
    });
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      'abc',
      'https://example.com/leagues/12345',
      'mfl:12345678901',
      'ftp://www44.myfantasyleague.com/2025/home/1',
      'https://www44.myfantasyleague.com/home',
    ])
      expect(parseLeagueReference(bad), bad).toBeUndefined();
  });
});
