import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_STREAM_TYPE } from '#common/league-chunks.ts';
import type { League } from '#common/leagues.ts';
import { readNdjson } from '#common/ndjson.ts';
import { type RostershipAnswer, type RostershipLine, rostershipLineSchema } from '#common/rostership.ts';
import { startToolsTestBed, type ToolsTestBed } from '#test/tools.ts';

/* The streamed rostership answer over a real socket: each league's line as soon as it is read. */

let bed: ToolsTestBed;
let base: string;
let cookie: string;
let sleeper: League[];
/** Every call the app's league clients have sent to the simulator, in order. */
const sent: string[] = [];

beforeAll(async () => {
  bed = await startToolsTestBed({
    fetch: (input, init) => {
      sent.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return fetch(input, init);
    },
  });
  bed.control.setClock({ week: 5, phase: 'during' });
  await bed.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(bed.app.server.address() as AddressInfo).port}`;
  cookie = await bed.connect('demo');
  sleeper = (await bed.get('/api/sleeper/leagues', cookie)).json();
}, 60_000);
afterAll(() => bed.close());

/** Reads the streamed answer line by line, each line checked against the shared schema. */
async function* linesOf(res: Response): AsyncGenerator<RostershipLine> {
  for await (const value of readNdjson(res.body!)) yield rostershipLineSchema.parse(value);
}

const refs = (leagues: League[]) => leagues.map((l) => ({ league_id: l.league_id }));

describe('rostership, streamed', () => {
  it("answers each league as it is read: a slow league's line comes after the fast ones, then the summary", async () => {
    const chunk = sleeper.slice(0, 5);
    expect(chunk.length).toBeGreaterThanOrEqual(3);
    const slow = chunk[1];
    // The slow league's first call to Sleeper is held until the fast leagues' lines have arrived.
    bed.control.addFault({ service: 'sleeper', kind: 'hold', match: `/league/${slow.league_id}/`, count: 1 });
    const res = await fetch(`${base}/api/sleeper/rostership`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: LEAGUE_STREAM_TYPE },
      body: JSON.stringify({ leagues: refs(chunk) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);

    const lines = linesOf(res);
    const fast: string[] = [];
    while (fast.length < chunk.length - 1) {
      const { value } = await lines.next();
      expect(value?.kind).toBe('league');
      if (value?.kind !== 'league') return;
      expect(value.leagues).toBe(1);
      expect(value.failed).toEqual([]);
      expect(value.players.length).toBeGreaterThan(0);
      for (const p of value.players)
        expect(p.leagues).toEqual([expect.objectContaining({ league_id: value.league_id })]);
      fast.push(value.league_id);
    }
    expect(fast).not.toContain(slow.league_id);
    expect(fast.sort()).toEqual(
      chunk
        .filter((l) => l !== slow)
        .map((l) => l.league_id)
        .sort(),
    );

    bed.control.release();
    const rest: RostershipLine[] = [];
    for await (const line of lines) rest.push(line);
    expect(rest.map((l) => l.kind)).toEqual(['league', 'summary']);
    expect(rest[0]).toMatchObject({ kind: 'league', league_id: slow.league_id, leagues: 1, failed: [] });
    expect(rest[1]).toMatchObject({ kind: 'summary', leagues: chunk.length, failed: 0 });
  });

  it('gives the same players as the JSON answer, which other callers still get', async () => {
    const chunk = sleeper.slice(0, 3);
    const asJson = await bed.post('/api/sleeper/rostership', { leagues: refs(chunk) }, cookie);
    expect(asJson.headers['content-type']).toMatch(/^application\/json/);
    const whole = asJson.json() as RostershipAnswer;
    const res = await fetch(`${base}/api/sleeper/rostership`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: LEAGUE_STREAM_TYPE },
      body: JSON.stringify({ leagues: refs(chunk) }),
    });
    const streamed: RostershipLine[] = [];
    for await (const line of linesOf(res)) streamed.push(line);
    const pairs = (players: { id: string; leagues: { league_id: string }[] }[]) =>
      players.flatMap((p) => p.leagues.map((l) => `${p.id}@${l.league_id}`)).sort();
    expect(pairs(streamed.flatMap((l) => (l.kind === 'league' ? l.players : [])))).toEqual(
      pairs(whole.players),
    );
    expect(streamed.at(-1)).toEqual({
      kind: 'summary',
      leagues: whole.leagues,
      failed: whole.failed.length,
      missing: whole.missing,
    });
  });

  it('reports a failed league on its own line, and errors before the stream as JSON', async () => {
    const chunk = sleeper.slice(0, 2);
    // A league the visitor has no team in: Sleeper answers an unknown league with no rosters.
    const res = await fetch(`${base}/api/sleeper/rostership`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: LEAGUE_STREAM_TYPE },
      body: JSON.stringify({ leagues: [{ league_id: '999999999999' }, ...refs(chunk.slice(1))] }),
    });
    const lines: RostershipLine[] = [];
    for await (const line of linesOf(res)) lines.push(line);
    const failed = lines.find((l) => l.kind === 'league' && l.league_id === '999999999999');
    expect(failed).toMatchObject({ leagues: 0, players: [], failed: [{ league_id: '999999999999' }] });
    expect(lines.at(-1)).toMatchObject({ kind: 'summary', leagues: 1, failed: 1 });

    const refused = await fetch(`${base}/api/sleeper/rostership`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: LEAGUE_STREAM_TYPE },
      body: JSON.stringify({ leagues: refs(chunk) }),
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Sleeper/);
  });
});

describe('rostership, streamed, when the visitor leaves', () => {
  it('stops calling the services: nothing queued or waiting on an answer is sent afterwards', async () => {
    // MFL reads a team in steps (its roster, then its lineup, then the players MFL must name), each
    // step a call after the last one's answer; no test before this one read these leagues.
    const mfl: League[] = (await bed.get('/api/mfl/leagues', cookie)).json();
    const chunk = mfl.slice(0, 5);
    expect(chunk.length).toBeGreaterThanOrEqual(3);
    const ofChunk = (url: string) => chunk.some((l) => url.includes(`L=${l.league_id}`));
    bed.control.setLatency(400);
    try {
      const from = sent.length;
      // A request of its own connection, which the visitor closes as a closed tab would.
      const asked = request(`${base}/api/mfl/rostership`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: LEAGUE_STREAM_TYPE },
        agent: false,
      });
      const closed = new Promise((resolve) => asked.on('close', resolve));
      asked.on('error', () => {});
      asked.end(
        JSON.stringify({
          leagues: chunk.map((l) => ({ league_id: l.league_id, franchise_id: l.franchise_id, url: l.url })),
        }),
      );
      // Every league's first call is out (each answers only after the latency): the visitor leaves.
      const end = Date.now() + 10_000;
      while (sent.slice(from).filter(ofChunk).length < chunk.length) {
        expect(Date.now()).toBeLessThan(end);
        await new Promise((r) => setTimeout(r, 5));
      }
      asked.destroy();
      await closed;
      await new Promise((r) => setTimeout(r, 50));
      const before = sent.length;
      // Long enough for each league's next step to have gone out, had the reads gone on.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(sent.slice(before)).toEqual([]);
    } finally {
      bed.control.setLatency(0);
    }
  });
});
