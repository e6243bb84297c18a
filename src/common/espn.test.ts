import { describe, expect, it } from 'vitest';
import { ESPN_S2, ESPN_SWID, espnEntryLines, normaliseSwid, parseEspnEntry } from './espn.ts';

describe('what a visitor types to connect ESPN', () => {
  it('reads a league id, and a league or team page address with its team', () => {
    expect(parseEspnEntry(' 902814 ')).toEqual({ league_id: '902814' });
    expect(
      parseEspnEntry('https://fantasy.espn.com/football/team?leagueId=902814&teamId=4&seasonId=2026'),
    ).toEqual({
      league_id: '902814',
      team_id: '4',
    });
    expect(parseEspnEntry('fantasy.espn.com/football/league?leagueId=0368876')).toEqual({
      league_id: '368876',
    });
  });

  it('refuses what is neither, and ESPN look-alike hosts', () => {
    for (const bad of [
      '',
      'abc',
      '1234567890123',
      'https://evil.example/?leagueId=1',
      'https://espn.com.evil.example/?leagueId=1',
      'https://fantasy.espn.com/football/team?teamId=4',
    ])
      expect(parseEspnEntry(bad), bad).toBeUndefined();
  });

  it('splits the box on lines, commas and spaces', () => {
    expect(espnEntryLines('1\n 2, 3\t\n\n')).toEqual(['1', '2', '3']);
  });

  it('checks the cookies’ forms and writes SWID as ESPN does', () => {
    expect(ESPN_SWID.test('{0a1b2c3d-1111-2222-3333-444455556666}')).toBe(true);
    expect(ESPN_SWID.test('0a1b2c3d-1111-2222-3333-444455556666')).toBe(true);
    expect(ESPN_SWID.test('{not-a-guid}')).toBe(false);
    expect(normaliseSwid('0a1b2c3d-1111-2222-3333-444455556666')).toBe(
      '{0A1B2C3D-1111-2222-3333-444455556666}',
    );
    expect(ESPN_S2.test('AEBxyz%2B%3D0123456789abcdef')).toBe(true);
    expect(ESPN_S2.test('short')).toBe(false);
    expect(ESPN_S2.test('has space in it 0123456789')).toBe(false);
  });
});
