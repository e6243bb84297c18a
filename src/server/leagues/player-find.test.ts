import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerFind } from '#common/leagues.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';

/*
 * The site search's players: found by name in the player list the server already holds, and never a
 * reason to build that list (building it costs calls to all three services).
 */

let sim: Sim;
let t: TestApp;
const calls: string[] = [];

beforeAll(async () => {
  sim = await startSim({ onRequest: (req) => calls.push(req.url) });
  t = await makeTestApp({}, { sim });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const find = async (search: string) => {
  const res = await t.get(`/api/players/find?search=${encodeURIComponent(search)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayerFind;
};

describe('GET /api/players/find', () => {
  it('finds no one, and asks no service, while the server holds no player list', async () => {
    const surname = sim.world.players[0].last;
    expect(await find(surname)).toEqual({ players: [], listed: false });
    expect(calls).toEqual([]);
  });

  it('finds players by name in the list once one is held: every word, any order, at most eight', async () => {
    expect((await t.get('/api/players')).statusCode).toBe(200);
    const before = calls.length;
    expect(before).toBeGreaterThan(0);

    const someone = sim.world.players.find((p) => p.position === 'WR' && !/\W/.test(p.first + p.last))!;
    const { first, last } = someone;
    const name = `${first} ${last}`;
    const byLast = await find(last.toLowerCase());
    expect(byLast.listed).toBe(true);
    expect(byLast.players.length).toBeGreaterThan(0);
    expect(byLast.players.length).toBeLessThanOrEqual(8);
    for (const p of byLast.players) expect(p.name.toLowerCase()).toContain(last.toLowerCase());

    const both = await find(`${last} ${first}`);
    expect(both.players.map((p) => p.name)).toContain(name);
    // Each player as the checker takes him: his id, name, position and team, nothing else.
    expect(Object.keys(both.players[0]).sort()).toEqual(
      expect.arrayContaining(['id', 'name', 'position', 'team']),
    );
    expect(both.players[0]).not.toHaveProperty('key');

    // Under three letters matches half the league: no players.
    expect((await find('ab')).players).toEqual([]);
    expect((await find('zzqqxx')).players).toEqual([]);
    // The list was read from memory: no service was asked again.
    expect(calls.length).toBe(before);
  });

  it('refuses a missing or overlong term with 400', async () => {
    expect((await t.get('/api/players/find')).statusCode).toBe(400);
    expect((await t.get(`/api/players/find?search=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });
});
