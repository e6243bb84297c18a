import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, startFixedSim } from '#test/simulator-world.ts';
import type { World } from '../world/world.ts';

let app: FastifyInstance;
let world: World;
beforeAll(async () => {
  ({ app, world } = await startFixedSim());
});

const flea = async (path: string) => {
  const res = await get(app, `/flea/api/${path}`);
  expect(res.statusCode, path).toBe(200);
  return res.json();
};

describe('Fleaflicker', () => {
  it("lists a user's leagues; an unknown e-mail has none (the empty list is left out)", async () => {
    const demo = await flea('FetchUserLeagues?email=demo@dynasty.test&sport=NFL');
    expect(demo.leagues).toHaveLength(5);
    expect(demo.leagues[0].ownedTeam.name).toBe('Demo Dynasty');
    expect((await flea('FetchUserLeagues?email=bench@dynasty.test&sport=NFL')).leagues).toHaveLength(20);
    expect(await flea('FetchUserLeagues?email=nobody@example.org&sport=NFL')).toEqual({ season: 2026 });
  });

  it('serves league rosters with numeric ids and Sportradar ids on request', async () => {
    const l = world.leaguesOf(world.demo.flea)[0];
    const plain = await flea(`FetchLeagueRosters?sport=NFL&league_id=${l.id}`);
    expect(plain.rosters).toHaveLength(l.teams.length);
    expect(typeof plain.rosters[0].team.id).toBe('number');
    expect(plain.rosters[0].players[0].proPlayer.externalIds).toBeUndefined();
    const ext = await flea(`FetchLeagueRosters?sport=NFL&league_id=${l.id}&external_id_type=SPORTRADAR`);
    const withIds = ext.rosters.flatMap((r: any) => r.players).filter((p: any) => p.proPlayer.externalIds);
    expect(withIds.length).toBeGreaterThan(100);
    const one = withIds[0].proPlayer;
    expect(world.byFlea.get(one.id)!.sportradarId).toBe(one.externalIds[0].id);
    const injured = ext.rosters.flatMap((r: any) => r.players).find((p: any) => p.proPlayer.injury);
    expect(injured).toBeDefined();
    expect(injured.proPlayer.injury.typeAbbreviaition).toMatch(/^(Q|D|OUT|IR)$/);
    expect((await get(app, '/flea/api/FetchLeagueRosters?sport=NFL&league_id=1')).statusCode).toBe(404);
  });

  it('pages the player listing by 30 and applies its filters', async () => {
    const l = world.leaguesOf(world.demo.flea)[0];
    const base = `FetchPlayerListing?sport=NFL&league_id=${l.id}`;
    const first = await flea(base);
    expect(first.players).toHaveLength(30);
    expect(first.resultOffsetNext).toBe(30);
    const second = await flea(`${base}&result_offset=30`);
    expect(second.players[0].proPlayer.id).not.toBe(first.players[0].proPlayer.id);
    const lastOffset = Math.floor((first.resultTotal - 1) / 30) * 30;
    const last = await flea(`${base}&result_offset=${lastOffset}`);
    expect(last.resultOffsetNext).toBeUndefined();
    const fa = await flea(`${base}&filter.free_agent_only=true&filter.position.eligibility=RB`);
    expect(fa.players.every((p: any) => !p.owner && p.proPlayer.position === 'RB')).toBe(true);
    const alt = await flea(`${base}&filter.position_eligibility=WR`);
    expect(alt.players.every((p: any) => p.proPlayer.position === 'WR')).toBe(true);
    const target = world.players[l.teams[0].players[0]];
    const byQuery = await flea(`${base}&filter.query=${encodeURIComponent(target.last)}`);
    expect(
      byQuery.players.some((p: any) => p.proPlayer.id === target.fleaId && p.owner?.name === l.teams[0].name),
    ).toBe(true);
    const byId = await flea(`${base}&filter.player_id=${target.fleaId}`);
    expect(byId.players.map((p: any) => p.proPlayer.id)).toEqual([target.fleaId]);
  });

  it("serves one team's roster in lineup groups", async () => {
    const l = world.leaguesOf(world.demo.flea)[2];
    const team = world.teamOf(l, world.demo.flea)!;
    const roster = await flea(`FetchRoster?sport=NFL&league_id=${l.id}&team_id=${team.id}`);
    const start = roster.groups.find((g: any) => g.group === 'START');
    expect(start.slots).toHaveLength(l.slots.length);
    const ids = roster.groups
      .flatMap((g: any) => g.slots)
      .filter((s: any) => s.leaguePlayer)
      .map((s: any) => s.leaguePlayer.proPlayer.id);
    expect(ids.sort()).toEqual(team.players.map((i) => world.players[i].fleaId).sort());
    expect(roster.lineupPeriod.ordinal).toBe(11);
    const rules = await flea(`FetchLeagueRules?sport=NFL&league_id=${l.id}`);
    expect(rules.numStarters).toBe(l.slots.length);
    expect(rules.rosterPositions.find((p: any) => p.label === 'EDR/IL')).toMatchObject({
      group: 'START',
      start: 2,
    });
  });
});
