import { describe, expect, it } from 'vitest';
import {
  adpAddLeagueSchema,
  FLEA_PERMISSION_NEEDED,
  fleaListFull,
  MFL_PERMISSION_NEEDED,
  mflListFull,
  NOT_A_LEAGUE,
  parseLeagueReference,
} from './adp-data.ts';

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

describe('a league reference, edge by edge', () => {
  it('takes prefixed ids in any case, MFL ids up to 10 digits', () => {
    expect(parseLeagueReference('MFL:1234567890')).toEqual({ service: 'mfl', leagueId: '1234567890' });
    expect(parseLeagueReference('Sleeper:12')).toEqual({ service: 'sleeper', leagueId: '12' });
    for (const bad of ['x mfl:12', 'mfl:12 x', 'mfl:', 'sleeper:123456789012345678901'])
      expect(parseLeagueReference(bad), bad).toBeUndefined();
  });

  it('reads a bare number of 11 to 20 digits as Sleeper, and nothing longer or mixed', () => {
    expect(parseLeagueReference('12345678901')).toEqual({ service: 'sleeper', leagueId: '12345678901' });
    for (const bad of ['123456789012345678901', 'x12345678901', '12345678901x'])
      expect(parseLeagueReference(bad), bad).toBeUndefined();
  });

  it("reads MFL's addresses over http too, on its own hosts only, with a season and a short league id", () => {
    expect(parseLeagueReference('http://myfantasyleague.com/2024/home/77')).toEqual({
      service: 'mfl',
      leagueId: '77',
      url: 'http://myfantasyleague.com/2024/home/77',
    });
    expect(parseLeagueReference('https://WWW44.MyFantasyLeague.com/2025/home/12345')?.url).toBe(
      'https://www44.myfantasyleague.com/2025/home/12345',
    );
    for (const bad of [
      'https://notmyfantasyleague.com/2025/home/12345',
      'https://www44.myfantasyleague.com/x/2025/home/12345',
      'https://www44.myfantasyleague.com/2025/',
      'https://www44.myfantasyleague.com/2025/home/12345678901',
      'https://www44.myfantasyleague.com/2025/options?L=12a',
      'https://www44.myfantasyleague.com/2025/options?L=12345678901',
      'https://www44.myfantasyleague.com/2025/options',
    ])
      expect(parseLeagueReference(bad), bad).toBeUndefined();
  });

  it("reads Sleeper's addresses on sleeper.com and sleeper.app, league or leagues, and no look-alike host", () => {
    const id = '1180237019934453760';
    for (const ok of [
      `https://sleeper.app/league/${id}`,
      `http://www.sleeper.com/leagues/${id}/team`,
      `https://sleeper.com/leagues/${id}`,
    ])
      expect(parseLeagueReference(ok), ok).toEqual({ service: 'sleeper', leagueId: id });
    for (const bad of [
      `https://notsleeper.com/leagues/${id}`,
      `https://sleeper.com.evil.test/leagues/${id}`,
      'https://sleeper.com/leagues/123',
      'https://sleeper.com/',
      `javascript://sleeper.com/leagues/${id}`,
    ])
      expect(parseLeagueReference(bad), bad).toBeUndefined();
  });
});

describe('a Fleaflicker league reference', () => {
  it('reads its address on fleaflicker.com and flea:<id>, never a bare number nor a look-alike host', () => {
    for (const ok of [
      'https://www.fleaflicker.com/nfl/leagues/312861',
      'https://www.fleaflicker.com/nfl/leagues/312861/teams/1',
      'http://fleaflicker.com/nfl/leagues/312861',
      'flea:312861',
      'Fleaflicker:312861',
    ])
      expect(parseLeagueReference(ok), ok).toEqual({ service: 'flea', leagueId: '312861' });
    expect(parseLeagueReference('312861')).toEqual({ service: 'mfl', leagueId: '312861' });
    for (const bad of [
      'https://fleaflicker.com.evil.test/nfl/leagues/312861',
      'https://www.fleaflicker.com/nfl/leagues/',
      'https://www.fleaflicker.com/nfl/leagues/12345678901',
      'https://www.fleaflicker.com/nfl/leagues/31x',
      'flea:12345678901',
    ])
      expect(parseLeagueReference(bad), bad).toBeUndefined();
  });
});

describe('adding a league on the admin page', () => {
  it('asks for an MFL league commissioner’s permission, not for a Sleeper one, and refuses what is no league', () => {
    const said = (v: unknown) => {
      const r = adpAddLeagueSchema.safeParse(v);
      return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(said({ league: '12345' })).toEqual([`commissionerPermission: ${MFL_PERMISSION_NEEDED}`]);
    expect(said({ league: '12345', commissionerPermission: false })).toEqual([
      `commissionerPermission: ${MFL_PERMISSION_NEEDED}`,
    ]);
    expect(said({ league: '12345', commissionerPermission: true })).toBe('ok');
    expect(said({ league: '1180237019934453760' })).toBe('ok');
    expect(said({ league: 'not a league' })).toEqual([`league: ${NOT_A_LEAGUE}`]);
    expect(said({ league: 'flea:312861' })).toEqual([`commissionerPermission: ${FLEA_PERMISSION_NEEDED}`]);
    expect(
      said({ league: 'https://www.fleaflicker.com/nfl/leagues/312861', commissionerPermission: true }),
    ).toBe('ok');
    expect(fleaListFull(50)).toBe(
      "At most 50 Fleaflicker leagues can be listed here, each with its commissioner's permission; 50 are. Remove one first.",
    );
    expect(mflListFull(50)).toBe(
      "At most 50 MFL leagues can be listed here, each with its commissioner's permission; 50 are. Remove one first.",
    );
  });
});
