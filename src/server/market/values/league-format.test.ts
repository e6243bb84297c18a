import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKey, formatLabel, leagueFormatLabel, nearestValueFormat } from '#common/values.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';

/*
 * GET /api/values/league-format for a visitor's connected Fleaflicker league: Fleaflicker's API is
 * public, so the league is read by its id alone (no credential), from its rules and rosters as the
 * trades job reads them. Only Fleaflicker answers here: MFL, Sleeper and ESPN are unreachable.
 */

let sim: Sim;
let t: TestApp;
beforeAll(async () => {
  sim = await startSim();
  // Without the simulator's services: each service at its configured address, all but Fleaflicker unreachable.
  t = await makeTestApp({ FLEA_API_URL: sim.env.FLEA_API_URL });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('the calculator\u2019s format from a connected Fleaflicker league', () => {
  it('answers the nearest value format of each Fleaflicker league, from its own settings', async () => {
    const leagues = sim.world.leagues.filter((l) => l.service === 'flea');
    expect(leagues.length).toBeGreaterThan(0);
    for (const l of leagues) {
      const res = await t.get(`/api/values/league-format?type=flea&league_id=${l.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const facts = {
        size: l.teams.length,
        qbFormat: l.format.qb,
        ppr: l.format.ppr,
        tePremium: 0,
        idp: l.format.idp,
      };
      const nearest = nearestValueFormat(facts);
      expect(res.json()).toEqual({
        format: formatKey(nearest),
        label: formatLabel(nearest),
        league: leagueFormatLabel(facts),
      });
    }
  });

  it('refuses an id that is not a Fleaflicker league id, and says when Fleaflicker has no such league', async () => {
    const bad = await t.get('/api/values/league-format?type=flea&league_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Not a Fleaflicker league id/);
    const missing = await t.get('/api/values/league-format?type=flea&league_id=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Fleaflicker could not find that' });
  });
});
