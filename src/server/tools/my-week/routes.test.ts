import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { League } from '#common/leagues.ts';
import { readNdjson } from '#common/ndjson.ts';
import { type MyWeekLeagueLine, myWeekAnswerSchema, myWeekLeagueLineSchema } from '#common/my-week.ts';
import { ROSTERSHIP_STREAM_TYPE } from '#common/rostership.ts';
import { startToolsTestBed, type ToolsTestBed } from '#test/tools.ts';

/* POST /api/{mfl,sleeper,flea}/my-week through the real app against the simulator. */

let bed: ToolsTestBed;
let cookie: string;
const leagues: Record<'mfl' | 'sleeper' | 'flea', League[]> = { mfl: [], sleeper: [], flea: [] };

const refOf = (l: League) =>
  l.type === 'mfl'
    ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea'
      ? { league_id: l.league_id, team_id: l.team_id }
      : { league_id: l.league_id };

async function myWeek(service: string, refs: unknown[], week?: number) {
  const res = await bed.post(`/api/${service}/my-week`, { leagues: refs, week }, cookie);
  expect(res.statusCode).toBe(200);
  return myWeekAnswerSchema.parse(res.json()).leagues;
}

beforeAll(async () => {
  bed = await startToolsTestBed();
  bed.control.setClock({ week: 5, phase: 'before' });
  cookie = await bed.connect('demo');
  for (const service of ['mfl', 'sleeper', 'flea'] as const)
    leagues[service] = (await bed.get(`/api/${service}/leagues`, cookie)).json();
}, 60_000);
afterAll(() => bed.close());
beforeEach(() => {
  bed.control.reset();
  bed.control.setClock({ week: 5, phase: 'before' });
});

describe('explore', () => {
  it('prints', async () => {
    for (const service of ['mfl', 'sleeper', 'flea'] as const) {
      const lines = await myWeek(service, leagues[service].slice(0, 5).map(refOf));
      console.log(service, JSON.stringify(lines.map((l) => ({ ...l, best: l.best.length })), null, 1).slice(0, 3000));
    }
  });
});
