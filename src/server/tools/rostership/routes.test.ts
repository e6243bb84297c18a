import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAGUE_STREAM_TYPE } from '#common/league-chunks.ts';
import type { League } from '#common/leagues.ts';
import { readNdjson } from '#common/ndjson.ts';
import {
  type RostershipAnswer,
  type RostershipLeagueLine,
  rostershipLineSchema,
} from '#common/rostership.ts';
import { chunkAnswerOf, mergePlayers } from '#common/rostership-rows.ts';
import { PLAIN_WORDS } from '#server/http/validation-message.ts';
import { startToolsTestBed, type ToolsTestBed } from '#test/tools.ts';

/* POST /api/{mfl,sleeper,flea}/rostership through the real app against the simulator. */

let bed: ToolsTestBed;
let demo: string;
let bench: string;
const leagues: Record<'demo' | 'bench', Record<'mfl' | 'sleeper' | 'flea', League[]>> = {
  demo: { mfl: [], sleeper: [], flea: [] },
  bench: { mfl: [], sleeper: [], flea: [] },
};

const refOf = (l: League) =>
  l.type === 'mfl'
    ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea'
      ? { league_id: l.league_id, team_id: l.team_id }
      : { league_id: l.league_id };

type Form = 'json' | 'ndjson';

/**
 * The chunk's answer as the visitor gets it: one JSON answer, or (ndjson) the streamed lines read
 * as the page reads them and merged into the same answer, the summary line checked against them.
 */
async function rostership(service: string, refs: unknown[], cookie: string, form: Form = 'json') {
  if (form === 'json') {
    const res = await bed.post(`/api/${service}/rostership`, { leagues: refs }, cookie);
    return { status: res.statusCode, body: res.json() as RostershipAnswer & { error?: string } };
  }
  const res = await bed.app.inject({
    method: 'POST',
    url: `/api/${service}/rostership`,
    headers: { cookie, accept: LEAGUE_STREAM_TYPE },
    payload: { leagues: refs },
  });
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const lines: RostershipLeagueLine[] = [];
  let summary: unknown;
  for await (const value of readNdjson(new Response(res.payload).body!)) {
    const line = rostershipLineSchema.parse(value);
    if (line.kind === 'league') lines.push(line);
    else summary = line;
  }
  expect(lines.map((l) => l.league_id).sort()).toEqual(
    (refs as { league_id: string }[]).map((r) => r.league_id).sort(),
  );
  const answer = chunkAnswerOf(lines);
  expect(summary).toMatchObject({ kind: 'summary', leagues: answer.leagues, failed: answer.failed.length });
  const { missing } = summary as { missing: RostershipAnswer['missing'] };
  return { status: res.statusCode, body: { ...answer, missing } as RostershipAnswer & { error?: string } };
}

beforeAll(async () => {
  bed = await startToolsTestBed();
  bed.control.setClock({ week: 5, phase: 'during' });
  demo = await bed.connect('demo');
  bench = await bed.connect('bench');
  for (const [who, cookie] of [
    ['demo', demo],
    ['bench', bench],
  ] as const)
    for (const service of ['mfl', 'sleeper', 'flea'] as const)
      leagues[who][service] = (await bed.get(`/api/${service}/leagues`, cookie)).json();
}, 60_000);
afterAll(() => bed.close());
beforeEach(() => {
  bed.control.reset();
  bed.control.setClock({ week: 5, phase: 'during' });
});

/** The world's own view of the visitor's team in a league: player ids and starters in the service's ids. */
function truth(service: 'mfl' | 'sleeper' | 'flea', leagueId: string) {
  const w = bed.world;
  const l = w.league(service, leagueId)!;
  const team = w.teamOf(l, w.demo[service])!;
  const view = bed.control.lineup(leagueId, team.id)!;
  const idOf = (idx: number) => {
    const p = w.players[idx];
    return service === 'mfl' ? p.mflId : service === 'sleeper' ? p.sleeperId : String(p.fleaId);
  };
  return { players: team.players.map(idOf), starters: view.starters.filter((s) => s !== '0') };
}

describe('rostership: access and input', () => {
  it('answers 401 for a service that is not connected', async () => {
    for (const [service, ref] of [
      ['mfl', { league_id: '1', franchise_id: '0001', url: 'x' }],
      ['sleeper', { league_id: '1' }],
      ['flea', { league_id: '1', team_id: '1' }],
    ] as const) {
      const { status, body } = await rostership(service, [ref], '');
      expect(status).toBe(401);
      expect(body.error).toMatch(/MFL|Sleeper|Fleaflicker/);
    }
  });

  it('refuses malformed league refs with 400 and says what was wrong', async () => {
    const cases: [string, unknown][] = [
      ['mfl', [{ league_id: '123', franchise_id: 'abc', url: '' }]],
      ['mfl', [{ league_id: '123' }]],
      ['sleeper', [{ league_id: 'DROP TABLE' }]],
      ['flea', [{ league_id: '1' }]],
      ['flea', []],
    ];
    for (const [service, refs] of cases) {
      const { status, body } = await rostership(service, refs as unknown[], demo);
      expect(status, `${service} ${JSON.stringify(refs)}`).toBe(400);
      expect(body.error).toMatch(PLAIN_WORDS);
    }
    const noBody = await bed.app.inject({
      method: 'POST',
      url: '/api/sleeper/rostership',
      headers: { cookie: demo, 'content-type': 'application/json' },
      payload: '{"leagues":',
    });
    expect(noBody.statusCode).toBe(400);
  });

  it('takes at most 5 leagues a request: 6 is a 400', async () => {
    const refs = Array.from({ length: 6 }, (_, i) => ({ league_id: String(1000 + i) }));
    const six = await rostership('sleeper', refs, demo);
    expect(six.status).toBe(400);
    expect(six.body.error).toMatch(/at most 5/);
    const five = await rostership('sleeper', refs.slice(0, 5), demo);
    expect(five.status).toBe(200);
  });
});

describe('rostership: each service', () => {
  it('MFL: the visitor’s franchise in each league, starters from the week’s lineup', async () => {
    const mine = leagues.demo.mfl.slice(0, 5);
    const { status, body } = await rostership('mfl', mine.map(refOf), demo);
    expect(status).toBe(200);
    expect(body.failed).toEqual([]);
    expect(body.leagues).toBe(5);
    for (const l of mine) {
      const t = truth('mfl', l.league_id);
      const here = body.players.filter((p) => p.leagues.some((x) => x.league_id === l.league_id));
      expect(here.map((p) => p.id).sort()).toEqual([...t.players].sort());
      const starters = here.filter((p) => p.leagues.find((x) => x.league_id === l.league_id)!.isStarter);
      expect(starters.map((p) => p.id).sort()).toEqual([...t.starters].sort());
    }
    const someone = body.players[0];
    expect(someone).toMatchObject({
      name: expect.any(String),
      position: expect.any(String),
      isOut: expect.any(Boolean),
    });
  });

  it('Sleeper: the roster owned by SLEEPER_USER_ID, with its starters', async () => {
    const mine = leagues.demo.sleeper.slice(0, 5);
    const { status, body } = await rostership('sleeper', mine.map(refOf), demo);
    expect(status).toBe(200);
    expect(body.failed).toEqual([]);
    expect(body.leagues).toBe(mine.length);
    const w = bed.world;
    for (const l of mine) {
      const t = truth('sleeper', l.league_id);
      const here = body.players.filter((p) => p.leagues.some((x) => x.league_id === l.league_id));
      expect(here).toHaveLength(t.players.length);
      const starterCount = here.filter((p) => p.leagues.find((x) => x.league_id === l.league_id)!.isStarter);
      expect(starterCount).toHaveLength(t.starters.length);
      // Players the merged list knows carry their MFL id, the same key an MFL league gives them.
      for (const sid of t.starters.slice(0, 3)) {
        const mflId = w.bySleeper.get(sid)!.mflId;
        const row = body.players.find((p) => p.id === mflId || p.id === `sleeper:${sid}`);
        expect(row, `starter ${sid}`).toBeDefined();
      }
    }
  });

  it('Fleaflicker: the team in each league, starters from the START group, injuries read', async () => {
    const mine = leagues.demo.flea;
    const { status, body } = await rostership('flea', mine.map(refOf), demo);
    expect(status).toBe(200);
    expect(body.failed).toEqual([]);
    expect(body.leagues).toBe(mine.length);
    for (const l of mine) {
      const t = truth('flea', l.league_id);
      const here = body.players.filter((p) => p.leagues.some((x) => x.league_id === l.league_id));
      expect(here).toHaveLength(t.players.length);
      const starters = here.filter((p) => p.leagues.find((x) => x.league_id === l.league_id)!.isStarter);
      expect(starters).toHaveLength(t.starters.length);
    }
    expect(body.players.some((p) => p.injuryStatus)).toBe(true);
    const out = body.players.filter((p) => p.isOut);
    expect(out.length).toBeGreaterThan(0);
    for (const p of out) expect(p.injuryStatus).toBeDefined();
  });

  it('merges one player across services: an MFL league and a Sleeper league give one row', async () => {
    const [m, s] = await Promise.all([
      rostership('mfl', leagues.demo.mfl.slice(0, 5).map(refOf), demo),
      rostership('sleeper', leagues.demo.sleeper.slice(0, 5).map(refOf), demo),
    ]);
    const mflIds = new Set(m.body.players.map((p) => p.id));
    const shared = s.body.players.filter((p) => mflIds.has(p.id));
    expect(shared.length).toBeGreaterThan(0);
    const merged = mergePlayers(m.body.players, s.body.players);
    const one = merged.find((p) => p.id === shared[0].id)!;
    expect(new Set(one.leagues.map((l) => l.type))).toEqual(new Set(['mfl', 'sleeper']));
    // The world agrees that this is the same person on both services.
    const person = bed.world.byMfl.get(one.id)!;
    const sleeperLeague = one.leagues.find((l) => l.type === 'sleeper')!.league_id;
    expect(truth('sleeper', sleeperLeague).players).toContain(person.sleeperId);
    expect(merged.length).toBe(new Set(merged.map((p) => p.id)).size);
  });
});

// Each form reads leagues of its own: a league read by one is answered from the cache for the other.
describe.each([
  { form: 'json' as const, first: 0 },
  { form: 'ndjson' as const, first: 5 },
])('rostership: failures stay per league ($form)', ({ form, first }) => {
  it('a league that fails is reported alone; the rest of the chunk answers; a retry reads it', async () => {
    const mine = leagues.bench.sleeper.slice(first, first + 5);
    const bad = mine[2].league_id;
    bed.control.addFault({ service: 'sleeper', kind: '500', count: 5, match: `/league/${bad}/rosters` });
    const answer = await rostership('sleeper', mine.map(refOf), bench, form);
    expect(answer.status).toBe(200);
    expect(answer.body.leagues).toBe(4);
    expect(answer.body.failed).toEqual([
      { type: 'sleeper', league_id: bad, error: expect.stringMatching(/Sleeper/) },
    ]);
    expect(answer.body.players.every((p) => p.leagues.every((l) => l.league_id !== bad))).toBe(true);

    bed.control.reset();
    bed.control.setClock({ week: 5, phase: 'during' });
    const retry = await rostership('sleeper', [{ league_id: bad }], bench, form);
    expect(retry.body).toMatchObject({ leagues: 1, failed: [] });
    expect(retry.body.players.length).toBeGreaterThan(10);
  });

  it('a league that is not the visitor’s answers its own error', async () => {
    const other = bed.world.leagues.find(
      (l) => l.service === 'sleeper' && !bed.world.teamOf(l, bed.world.demo.sleeper),
    )!;
    const { body } = await rostership('sleeper', [{ league_id: other.id }], demo, form);
    expect(body).toMatchObject({ leagues: 0, players: [], failed: [{ league_id: other.id }] });
    expect(body.failed[0].error).toMatch(/no team/i);

    const mfl = leagues.demo.mfl[0];
    const wrong = await rostership('mfl', [{ ...refOf(mfl), franchise_id: '0099' }], demo, form);
    expect(wrong.body.failed[0].error).toMatch(/franchise 0099/);
  });

  it('MFL down for one league: that league fails, the others in the chunk answer', async () => {
    const mine = leagues.bench.mfl.slice(first, first + 3);
    const bad = mine[1].league_id;
    bed.control.addFault({ service: 'mfl', kind: '500', count: 20, match: `L=${bad}` });
    const { body } = await rostership('mfl', mine.map(refOf), bench, form);
    expect(body.leagues).toBe(2);
    expect(body.failed.map((f) => f.league_id)).toEqual([bad]);
    expect(body.failed[0].error).toMatch(/MFL/);
  });
});
