import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCallsInFlight, apiIdle } from '#client/api/http.ts';
import type { League } from '#common/leagues.ts';
import type { RostershipLeagueLine } from '#common/rostership.ts';
import { fetchRostership } from './fetch-rostership.ts';

const leagues = ['1', '2'].map(
  (league_id) => ({ type: 'sleeper', league_id, name: `League ${league_id}`, url: '' }) as League,
);
const player = (id: string, league_id: string) => ({
  id,
  name: `Player ${id}`,
  position: 'RB',
  team: 'KC',
  isOut: false,
  leagues: [{ type: 'sleeper' as const, league_id, isStarter: true }],
});
const line = (league_id: string, ids: string[]): RostershipLeagueLine => ({
  kind: 'league',
  league_id,
  leagues: 1,
  players: ids.map((id) => player(id, league_id)),
  failed: [],
  missing: [],
});
const summary = { kind: 'summary', leagues: 2, failed: 0, missing: [] };

/** A streamed answer whose bytes arrive in the pieces given. */
function streamed(pieces: string[]) {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(bytes.encode(p));
      c.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchRostership', () => {
  it('asks for the stream and hands on each league as its line completes, lines cut anywhere', async () => {
    const text = [line('2', ['a']), line('1', ['a', 'b']), summary].map((l) => JSON.stringify(l)).join('\n');
    const fetch = vi.fn(async () =>
      streamed([text.slice(0, 17), text.slice(17, 120), text.slice(120), '\n']),
    );
    vi.stubGlobal('fetch', fetch);
    const got: RostershipLeagueLine[] = [];
    let idle = false;
    void apiIdle().then(() => {
      idle = true;
    });
    const done = fetchRostership('sleeper', leagues, (l) => got.push(l));
    // The stream counts as a call on its way (what the page's settled signal waits for) until it ends.
    expect(apiCallsInFlight()).toBe(1);
    await done;
    expect(apiCallsInFlight()).toBe(0);
    await Promise.resolve();
    expect(idle).toBe(true);
    expect(got.map((l) => l.league_id)).toEqual(['2', '1']);
    expect(got[1].players.map((p) => p.id)).toEqual(['a', 'b']);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('accept')).toMatch(/^application\/x-ndjson/);
  });

  it('hands on what came when the stream ends early; the leagues after the cut are left unanswered', async () => {
    vi.stubGlobal('fetch', async () => streamed([`${JSON.stringify(line('1', ['a']))}\n{"kind":"lea`]));
    const got: string[] = [];
    await expect(fetchRostership('sleeper', leagues, (l) => got.push(l.league_id))).rejects.toThrow(
      SyntaxError,
    );
    expect(got).toEqual(['1']);
  });

  it('refuses a line the shared schema does not allow, its checks loaded with the request', async () => {
    const bad = { ...line('2', ['b']), players: [{ id: 'b', name: 'No position' }] };
    vi.stubGlobal('fetch', async () =>
      streamed([`${JSON.stringify(line('1', ['a']))}\n${JSON.stringify(bad)}\n${JSON.stringify(summary)}\n`]),
    );
    const got: string[] = [];
    const error = await fetchRostership('sleeper', leagues, (l) => got.push(l.league_id)).catch((e) => e);
    // The schema's refusal (a ZodError, which the page shows in its own words), not a later failure.
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ZodError');
    expect(error.message).toMatch(/position/);
    // The line before it is handed on; the refused line and those after it are not.
    expect(got).toEqual(['1']);
  });

  it("throws the server's error, and reads a whole JSON answer league by league", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: 'Connect your Sleeper account first.' }, { status: 401 }),
    );
    await expect(fetchRostership('sleeper', leagues, () => {})).rejects.toThrow(
      'Connect your Sleeper account first.',
    );
    vi.stubGlobal('fetch', async () =>
      Response.json({
        leagues: 1,
        players: [
          { ...player('a', '1'), leagues: [...player('a', '1').leagues, ...player('a', '2').leagues] },
        ],
        failed: [{ type: 'sleeper', league_id: '2', error: 'Down' }],
        missing: ['injuries'],
      }),
    );
    const got: RostershipLeagueLine[] = [];
    await fetchRostership('sleeper', leagues, (l) => got.push(l));
    expect(got).toEqual([
      { ...line('1', ['a']), missing: ['injuries'] },
      {
        kind: 'league',
        league_id: '2',
        leagues: 0,
        players: [],
        failed: [{ type: 'sleeper', league_id: '2', error: 'Down' }],
        missing: [],
      },
    ]);
  });
});
