import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LeagueServiceError } from '../errors.ts';
import { leagueHost, mflSeasonYear, mflUrl, yearFromLeagueUrl } from './hosts.ts';
import { checkBody, parseImportAnswer, parseLoginXml, payload } from './parse.ts';
import { idList, list, measured, optScalar, scalar, textNode } from './schemas.ts';

describe('MFL JSON normalisation', () => {
  it('reads object-or-array lists, with {} and missing members as empty', () => {
    const ids = list(z.object({ id: scalar }));
    expect(ids.parse([{ id: '1' }, { id: '2' }])).toHaveLength(2);
    expect(ids.parse({ id: '1' })).toEqual([{ id: '1' }]);
    expect(ids.parse({})).toEqual([]);
    expect(ids.parse(undefined)).toEqual([]);
    expect(ids.parse('')).toEqual([]);
    expect(ids.parse([{ id: '1' }, 'junk', null])).toEqual([{ id: '1' }]);
  });

  it('reads $t text nodes and plain strings', () => {
    expect(textNode.parse({ $t: 'Rules here' })).toBe('Rules here');
    expect(textNode.parse('plain')).toBe('plain');
    expect(textNode.parse({})).toBe('');
    expect(textNode.parse(undefined)).toBe('');
  });

  it('keeps scalars as strings with their leading zeros', () => {
    expect(scalar.parse('0001')).toBe('0001');
    expect(scalar.parse(undefined)).toBe('');
    expect(optScalar.parse('')).toBeUndefined();
    expect(optScalar.parse(' 0501 ')).toBe('0501');
  });

  it('turns measures into numbers, empty into null', () => {
    expect(measured.parse('152.8')).toBe(152.8);
    expect(measured.parse('')).toBeNull();
    expect(measured.parse('n/a')).toBeNull();
    expect(measured.parse(undefined)).toBeNull();
  });

  it('splits comma lists with the trailing comma', () => {
    expect(idList.parse('14056,13132,0501,')).toEqual(['14056', '13132', '0501']);
    expect(idList.parse('')).toEqual([]);
  });
});

describe('MFL errors inside HTTP 200', () => {
  it('throws the error text', () => {
    const body = { version: '1.0', error: { $t: 'Error - No Valid Player IDs!' }, encoding: 'utf-8' };
    expect(() => checkBody(body)).toThrowError('Error - No Valid Player IDs!');
    try {
      checkBody(body);
    } catch (e) {
      expect(e).toBeInstanceOf(LeagueServiceError);
      expect((e as LeagueServiceError).kind).toBe('rejected');
      expect((e as LeagueServiceError).statusCode).toBe(502);
    }
  });

  it('treats the missing-login error as "not logged in" (401), keeping MFL words', () => {
    const body = {
      error: {
        $t: 'API requires logged in user in league ID 11747 - Please be sure to pass the proper MFL_USER_ID cookie or APIKEY parameter',
      },
    };
    try {
      checkBody(body);
      expect.unreachable();
    } catch (e) {
      expect((e as LeagueServiceError).kind).toBe('not-logged-in');
      expect((e as LeagueServiceError).statusCode).toBe(401);
      expect((e as LeagueServiceError).message).toContain('league ID 11747');
    }
  });

  it('reads a bare string error and refuses non-objects', () => {
    expect(() =>
      checkBody('An error has occurred - probably caused by one or more invalid parameters.'),
    ).toThrowError(/invalid parameters/);
    expect(() => checkBody(42)).toThrowError('MFL sent an answer we could not read');
    expect(() => checkBody(null)).toThrowError('MFL sent an answer we could not read');
  });

  it('answers {} for a missing payload member', () => {
    expect(payload({ version: '1.0' }, 'injuries')).toEqual({});
    expect(() => payload({ injuries: 'x' }, 'injuries')).toThrowError(/could not read/);
  });
});

describe('MFL login answer', () => {
  it('reads the cookie from the MFL_USER_ID attribute, entities decoded', () => {
    const xml = '<?xml version="1.0" encoding="utf-8"?>\n\n<status MFL_USER_ID="bh1s2M/+w==">OK</status>\n';
    expect(parseLoginXml(xml)).toEqual({ ok: true, cookie: 'bh1s2M/+w==' });
    expect(parseLoginXml('<status MFL_USER_ID="a&amp;b">OK</status>')).toEqual({ ok: true, cookie: 'a&b' });
    expect(parseLoginXml('<status cookie_value="xyz=" />')).toEqual({ ok: true, cookie: 'xyz=' });
  });

  it('reports MFL reasons for a refused login', () => {
    expect(parseLoginXml('<?xml version="1.0"?>\r\n<error>Invalid Password</error>')).toEqual({
      ok: false,
      error: 'Invalid Password',
    });
    expect(parseLoginXml('<error status="Invalid Username or Password" />')).toEqual({
      ok: false,
      error: 'Invalid Username or Password',
    });
    expect(parseLoginXml('<status>OK</status>').ok).toBe(false);
    expect(parseLoginXml('<broken>not xml').ok).toBe(false);
    expect(parseLoginXml('').ok).toBe(false);
  });
});

describe('MFL import answer', () => {
  it('accepts OK', () => {
    expect(parseImportAnswer('<?xml version="1.0"?>\n<status>OK</status>')).toEqual({ ok: true });
    expect(parseImportAnswer('{"status":{"$t":"OK"}}')).toEqual({ ok: true });
  });

  it('passes MFL refusal text through', () => {
    expect(parseImportAnswer('<error>Too many starters at QB</error>')).toEqual({
      ok: false,
      notLoggedIn: false,
      error: 'Too many starters at QB',
    });
    expect(parseImportAnswer('{"error":{"$t":"Invalid week"}}')).toMatchObject({
      ok: false,
      error: 'Invalid week',
    });
  });

  it('reads an HTML page as "not logged in"', () => {
    expect(parseImportAnswer('<!DOCTYPE html><html><form action="login">')).toMatchObject({
      ok: false,
      notLoggedIn: true,
    });
    expect(parseImportAnswer('  <HTML><body>Please log in</body></HTML>')).toMatchObject({
      notLoggedIn: true,
    });
  });

  it('does not mistake anything else for success', () => {
    expect(parseImportAnswer('').ok).toBe(false);
    expect(parseImportAnswer('{"foo":1}').ok).toBe(false);
  });
});

describe('MFL hosts and seasons', () => {
  const api = 'https://api.myfantasyleague.com';

  it('takes the league host from the url: everything before /<year>/', () => {
    expect(leagueHost('https://www70.myfantasyleague.com/2020/home/21499', api)).toBe(
      'https://www70.myfantasyleague.com',
    );
    expect(leagueHost('https://www57.myfantasyleague.com', api)).toBe('https://www57.myfantasyleague.com');
    expect(leagueHost('http://www98.myfantasyleague.com/2006/home/71481', api)).toBe(
      'https://www98.myfantasyleague.com',
    );
    expect(leagueHost('http://127.0.0.1:9/mfl/www61/2025/home/1', 'http://127.0.0.1:9/mfl/api')).toBe(
      'http://127.0.0.1:9/mfl/www61',
    );
  });

  it('refuses urls that are not MFL, so the cookie never leaves MFL', () => {
    expect(leagueHost('https://evil.example.com/2020/home/1', api)).toBeUndefined();
    expect(leagueHost('javascript:alert(1)', api)).toBeUndefined();
    expect(leagueHost('not a url', api)).toBeUndefined();
    expect(leagueHost(undefined, api)).toBeUndefined();
  });

  it('compares scheme and port too: another port of an MFL host is not MFL', () => {
    expect(leagueHost('https://www70.myfantasyleague.com:8443/2020/home/1', api)).toBeUndefined();
    expect(leagueHost('http://www70.myfantasyleague.com:8080/2020/home/1', api)).toBeUndefined();
    const sim = 'http://127.0.0.1:9/mfl/api';
    expect(leagueHost('http://127.0.0.1:10/mfl/www61/2025/home/1', sim)).toBeUndefined();
    expect(leagueHost('https://127.0.0.1:9/mfl/www61/2025/home/1', sim)).toBeUndefined();
    expect(leagueHost('https://www70.myfantasyleague.com:443/2020/home/1', api)).toBe(
      'https://www70.myfantasyleague.com',
    );
  });

  it('rolls the season over in March', () => {
    expect(mflSeasonYear(Date.UTC(2026, 0, 15))).toBe(2025);
    expect(mflSeasonYear(Date.UTC(2026, 1, 28))).toBe(2025);
    expect(mflSeasonYear(Date.UTC(2026, 2, 1))).toBe(2026);
    expect(mflSeasonYear(Date.UTC(2025, 11, 31))).toBe(2025);
  });

  it('reads the year from a league url and builds export urls', () => {
    expect(yearFromLeagueUrl('https://www70.myfantasyleague.com/2020/home/21499')).toBe(2020);
    expect(yearFromLeagueUrl('https://www70.myfantasyleague.com')).toBeUndefined();
    expect(mflUrl('https://x/', 2024, 'export', { TYPE: 'rosters', L: '012', W: undefined, JSON: 1 })).toBe(
      'https://x/2024/export?TYPE=rosters&L=012&JSON=1',
    );
  });
});
