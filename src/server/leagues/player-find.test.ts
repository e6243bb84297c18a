import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerFind } from '#common/leagues.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, simServices, startSim } from '#test/simulator.ts';

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

const find = async (search: string, app = t) => {
  const res = await app.get(`/api/players/find?search=${encodeURIComponent(search)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayerFind;
};

describe('GET /api/players/find', () => {
  it('finds no one, and asks no service, while the server holds no player list', async () => {
    const surname = sim.world.players[0].last;
    expect(await find(surname)).toEqual({ players: [], listed: false, loading: false });
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

describe('GET /api/players/find on a server that loads the list at its start', () => {
  it('answers health and searches at once while the list loads, saying so; then finds players, typos forgiven', async () => {
    // The services' answers are held back until the test lets them through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    const gated: typeof fetch = async (input, init) => {
      asked.push(String(input));
      await held;
      return fetch(input, init);
    };
    const started = await makeTestApp(
      { PLAYER_LIST_AT_START: '1' },
      { sim, services: (_config, cache) => simServices(sim, cache, {}, gated) },
    );
    try {
      const someone = sim.world.players.find(
        (p) => /^[A-Za-z]{6,}$/.test(p.last) && /^[A-Za-z]+$/.test(p.first),
      )!;
      const name = `${someone.first} ${someone.last}`;
      // The build starts a moment after the server is ready (afterStart), without anyone asking.
      await expect.poll(() => asked.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect((await started.get('/api/health')).statusCode).toBe(200);
      expect(await find(someone.last, started)).toEqual({ players: [], listed: false, loading: true });

      release();
      await expect.poll(async () => (await find(someone.last, started)).listed).toBe(true);
      const exact = await find(name, started);
      expect(exact.loading).toBe(false);
      expect(exact.players.map((p) => p.name)).toContain(name);
      // Two letters of the surname swapped, one dropped from the first name: still found.
      const l = someone.last;
      const typo = `${someone.first.slice(0, -1)} ${l.slice(0, 2)}${l[3]}${l[2]}${l.slice(4)}`;
      expect((await find(typo, started)).players.map((p) => p.name)).toContain(name);
    } finally {
      release();
      await started.close();
    }
  });
});
