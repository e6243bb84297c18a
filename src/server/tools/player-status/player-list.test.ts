import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerList } from '#common/leagues.ts';
import { startToolsTestBed, type ToolsTestBed } from '#test/tools.ts';

/* GET /api/players, the Status Checker's player search, with MFL and Sleeper unreachable. */

let bed: ToolsTestBed;
let cookie: string;

beforeAll(async () => {
  bed = await startToolsTestBed();
  cookie = await bed.connect('demo');
  // From here on, every request to MFL and Sleeper has its connection dropped, as a service that is down.
  bed.control.addFault({ service: 'mfl', kind: 'down', count: 100_000 });
  bed.control.addFault({ service: 'sleeper', kind: 'down', count: 100_000 });
}, 60_000);
afterAll(() => bed.close());

describe('the player list with MFL and Sleeper unreachable', () => {
  it('answers 502 with the service message when nothing can stand in (no Fleaflicker league to list)', async () => {
    const res = await bed.get('/api/players');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^MFL is not available/);
  });

  it("answers from Fleaflicker's own listing and says the services' players are missing", async () => {
    const res = await bed.get('/api/players', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { players, missing } = res.json() as PlayerList;
    expect(missing).toEqual(['identities']);
    expect(players.length).toBeGreaterThan(100);
    for (const p of players.slice(0, 50)) {
      expect(p.flea_id).toBeTruthy();
      expect(p.mfl_id).toBeUndefined();
      expect(p.sleeper_id).toBeUndefined();
    }
    // Kept briefly: the whole list comes back once the services do.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
