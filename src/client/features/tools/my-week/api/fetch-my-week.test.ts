import { afterEach, describe, expect, it, vi } from 'vitest';
import type { League } from '#common/leagues.ts';
import type { MyWeekLeagueLine } from '#common/my-week.ts';
import { fetchMyWeek } from './fetch-my-week.ts';

const leagues = ['1', '2', '3'].map(
  (league_id) => ({ type: 'sleeper', league_id, name: `League ${league_id}`, url: '' }) as League,
);
const line = (league_id: string): MyWeekLeagueLine => ({
  kind: 'league',
  type: 'sleeper',
  league_id,
  account: 'me',
  week: 5,
  starters: 9,
  problems: [],
  byesKnown: true,
  kickoff: null,
  fixUrl: 'https://sleeper.com',
  best: [],
  freeWithAdp: [],
  topFree: [],
  missing: [],
});

/** A streamed answer of these lines, one a line of NDJSON. */
const streamed = (lines: unknown[]) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('fetchMyWeek', () => {
  it('hands on each checked line, with the week asked for', async () => {
    const fetch = vi.fn(async () => streamed([line('2'), line('1')]));
    vi.stubGlobal('fetch', fetch);
    const got: MyWeekLeagueLine[] = [];
    await fetchMyWeek('sleeper', leagues.slice(0, 2), 5, (l) => got.push(l));
    expect(got).toEqual([line('2'), line('1')]);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      leagues: [{ league_id: '1' }, { league_id: '2' }],
      week: 5,
    });
  });

  it('refuses a line the shared schema does not allow, its checks loaded with the request', async () => {
    // A problem of a kind the page does not know.
    const bad = { ...line('2'), problems: [{ kind: 'benched' }] };
    vi.stubGlobal('fetch', async () => streamed([line('1'), bad, line('3')]));
    const got: string[] = [];
    const error = await fetchMyWeek('sleeper', leagues, undefined, (l) => got.push(l.league_id)).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ZodError');
    // The line before it is handed on; the refused line and those after it are not.
    expect(got).toEqual(['1']);
  });
});
