import { describe, expect, it } from 'vitest';
import { ESPN_MAX_LEAGUES } from '#common/espn.ts';
import { checkEspnForm, type EspnFormValues, wrongLines } from './espn-form.ts';

const SWID = '{0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D}';
const S2 = 'AEBx%2Fq9k3Zr7TnLw0pYv5sUe8dCjHgFiKmOa';
const form = (v: Partial<EspnFormValues>): EspnFormValues => ({ leagues: '', espnS2: '', swid: '', ...v });

describe('the ESPN connect form', () => {
  it('sends each line: league ids and team page addresses, without repeats', () => {
    const team = 'https://fantasy.espn.com/football/team?leagueId=5551234&teamId=7&seasonId=2026';
    expect(checkEspnForm(form({ leagues: `123456\n  ${team}\n\n123456\n` }))).toEqual({
      ok: true,
      body: { leagues: ['123456', team] },
    });
  });

  it('names the lines that are neither a league id nor an ESPN address, by line number', () => {
    const check = checkEspnForm(
      form({
        leagues:
          '123456\nmy league\nhttps://sleeper.com/leagues/99\n  fantasy.espn.com/football/team  \n42, x\n7',
      }),
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        leagues:
          'Line 2 (“my league”), line 3 (“https://sleeper.com/leagues/99”), line 4 (“fantasy.espn.com/football/team”) and 1 more are not league ids or ESPN team page addresses.',
      },
    });
    expect(wrongLines('1\nabc')).toBe('Line 2 (“abc”) is not a league id or an ESPN team page address.');
    expect(wrongLines('1, 2\n https://fantasy.espn.com/football/league?leagueId=3 ')).toBeUndefined();
  });

  it('cuts a long wrong entry short when naming it', () => {
    const long = `https://example.com/${'x'.repeat(60)}`;
    expect(wrongLines(long)).toBe(
      `Line 1 (“${long.slice(0, 37)}…”) is not a league id or an ESPN team page address.`,
    );
  });

  it(`takes at most ${ESPN_MAX_LEAGUES} leagues`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1000 + i)).join('\n');
    expect(checkEspnForm(form({ leagues: ids(ESPN_MAX_LEAGUES) })).ok).toBe(true);
    expect(checkEspnForm(form({ leagues: ids(ESPN_MAX_LEAGUES + 1) }))).toEqual({
      ok: false,
      errors: { leagues: `Add at most ${ESPN_MAX_LEAGUES} ESPN leagues at once.` },
    });
  });

  it('asks for a league or the cookies when both are empty', () => {
    expect(checkEspnForm(form({ leagues: ' \n ' }))).toEqual({
      ok: false,
      errors: { leagues: 'Add a league id, or your ESPN cookies.' },
    });
  });

  it('takes the two cookies alone, and sends the SWID as ESPN does (upper case, in braces)', () => {
    const swid = ` ${SWID.slice(1, -1).toLowerCase()} `;
    expect(checkEspnForm(form({ espnS2: ` ${S2} `, swid }))).toEqual({
      ok: true,
      body: { leagues: [], swid: SWID, espnS2: S2 },
    });
  });

  it('wants both cookies or neither, and each in its own shape', () => {
    const both = 'Give both ESPN cookies, espn_s2 and SWID, or neither.';
    expect(checkEspnForm(form({ leagues: '1', espnS2: S2 }))).toEqual({ ok: false, errors: { swid: both } });
    expect(checkEspnForm(form({ leagues: '1', swid: SWID }))).toEqual({
      ok: false,
      errors: { espnS2: both },
    });
    expect(checkEspnForm(form({ leagues: '1', espnS2: 'short', swid: 'not-a-guid' }))).toEqual({
      ok: false,
      errors: {
        espnS2: 'espn_s2 is a long code of letters, digits and %.',
        swid: 'SWID looks like {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}.',
      },
    });
  });
});
