import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, startFixedSim } from '#test/simulator-world.ts';
import type { World } from '../world/world.ts';

let app: FastifyInstance;
let world: World;
beforeAll(async () => {
  ({ app, world } = await startFixedSim());
});

const sleeper = async (path: string) => {
  const res = await get(app, `/sleeper/v1${path}`);
  expect(res.statusCode, path).toBe(200);
  return res.json();
};

describe('Sleeper', () => {
  it('finds users by name or id, and answers null for unknown users', async () => {
    const byName = await sleeper('/user/dynastydemo');
    expect(byName).toMatchObject({ username: 'dynastydemo', user_id: '738119346722246656', email: null });
    expect((await sleeper('/user/738119346722246656')).username).toBe('dynastydemo');
    const unknown = await get(app, '/sleeper/v1/user/nobody-here');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('null');
    expect(await sleeper('/league/123')).toBeNull();
  });

  it("lists a user's leagues for the season only", async () => {
    expect(await sleeper('/user/738119346722246656/leagues/nfl/2026')).toHaveLength(6);
    expect(await sleeper('/user/738119346722246657/leagues/nfl/2026')).toHaveLength(20);
    expect(await sleeper('/user/738119346722246656/leagues/nfl/2025')).toEqual([]);
  });

  it('describes formats through roster_positions and settings.best_ball', async () => {
    const leagues = await sleeper('/user/738119346722246656/leagues/nfl/2026');
    const positions = leagues.map((l: { roster_positions: string[] }) => l.roster_positions.join(' '));
    expect(positions.some((p: string) => p.includes('SUPER_FLEX'))).toBe(true);
    expect(positions.some((p: string) => p.includes('IDP_FLEX') && p.includes('DL'))).toBe(true);
    expect(positions.some((p: string) => p.startsWith('QB QB'))).toBe(true);
    expect(
      leagues.filter((l: { settings: { best_ball: number } }) => l.settings.best_ball === 1),
    ).toHaveLength(1);
    expect(
      leagues.every(
        (l: { league_id: string; draft_id: string }) =>
          /^\d{19}$/.test(l.league_id) && /^\d{19}$/.test(l.draft_id),
      ),
    ).toBe(true);
  });

  it('serves rosters, users and matchups that agree with each other', async () => {
    const l = world.leaguesOf(world.demo.sleeper)[0];
    const rosters = await sleeper(`/league/${l.id}/rosters`);
    const users = await sleeper(`/league/${l.id}/users`);
    expect(rosters).toHaveLength(l.teams.length);
    expect(rosters.map((r: { owner_id: string }) => r.owner_id).sort()).toEqual(
      users.map((u: { user_id: string }) => u.user_id).sort(),
    );
    expect(rosters.some((r: { owner_id: string }) => r.owner_id === world.demo.sleeper.userId)).toBe(true);
    expect(rosters.some((r: { players: string[] }) => r.players.some((p) => /^[A-Z]+$/.test(p)))).toBe(true);
    const matchups = await sleeper(`/league/${l.id}/matchups/3`);
    const byId = new Map<number, number>();
    for (const m of matchups) {
      byId.set(m.matchup_id, (byId.get(m.matchup_id) ?? 0) + 1);
      expect(m.starters).toHaveLength(l.slots.length);
      const sum = m.starters_points.reduce((s: number, x: number) => s + x, 0);
      expect(m.points).toBeCloseTo(sum, 1);
    }
    expect([...byId.values()].every((n) => n === 2)).toBe(true);
  });

  it('serves the rookie draft and its picks', async () => {
    const l = world.leaguesOf(world.demo.sleeper)[1];
    const drafts = await sleeper(`/league/${l.id}/drafts`);
    const draft = drafts.find((d: { draft_id: string }) => d.draft_id === l.draft.id);
    expect(draft).toMatchObject({ status: 'complete', league_id: l.id, type: 'linear' });
    expect(draft.settings.player_type).toBe(1);
    const picks = await sleeper(`/draft/${draft.draft_id}/picks`);
    expect(picks).toHaveLength(l.draft.picks.length);
    expect(picks.every((p: { player_id: string }) => world.bySleeper.get(p.player_id)?.rookie)).toBe(true);
  });

  it('serves a startup draft before the rookie draft: snake picks in order, auction picks with their price', async () => {
    const leagues = [...world.leaguesOf(world.demo.sleeper), ...world.leaguesOf(world.bench.sleeper)];
    for (const kind of ['snake', 'auction'] as const) {
      const l = leagues.find((x) => x.startup?.kind === kind)!;
      expect(l, kind).toBeDefined();
      const info = await sleeper(`/league/${l.id}`);
      expect(info.previous_league_id).toBeNull();
      const [first, rookie] = await sleeper(`/league/${l.id}/drafts`);
      expect(first).toMatchObject({ type: kind, draft_id: l.startup!.id, settings: { player_type: 0 } });
      expect(rookie.draft_id).toBe(l.draft.id);
      expect(first.start_time).toBeLessThan(rookie.start_time);
      expect(first.settings.budget).toBe(kind === 'auction' ? 200 : undefined);
      const picks = await sleeper(`/draft/${first.draft_id}/picks`);
      expect(picks).toHaveLength(l.startup!.picks.length);
      // Mostly veterans: the site's startup rule.
      const rookies = picks.filter((p: { metadata: { years_exp: string } }) => p.metadata.years_exp === '0');
      expect(rookies.length * 2).toBeLessThan(picks.length);
      const amounts = picks.map((p: { metadata: { amount?: string } }) => p.metadata.amount);
      if (kind === 'auction')
        expect(amounts.every((a: string) => Number(a) >= 1 && Number(a) <= 100)).toBe(true);
      else expect(amounts.every((a: unknown) => a === undefined)).toBe(true);
    }
    const without = leagues.find((x) => !x.startup)!;
    expect((await sleeper(`/league/${without.id}`)).previous_league_id).toMatch(/^3\d{18}$/);
  });

  it('reports the NFL state and a players map keyed by id (defenses by team code)', async () => {
    expect(await sleeper('/state/nfl')).toMatchObject({ week: 11, season: '2026', season_type: 'regular' });
    const players = await sleeper('/players/nfl');
    expect(Object.keys(players)).toHaveLength(world.players.length);
    expect(players.KC).toMatchObject({ position: 'DEF', team: 'KC', player_id: 'KC' });
    const some = world.players.find((p) => p.position === 'WR' && p.team !== 'FA')!;
    expect(players[some.sleeperId]).toMatchObject({
      player_id: some.sleeperId,
      position: 'WR',
      team: some.team,
      sportradar_id: some.sportradarId,
    });
  });

  it("keeps injuries consistent with MFL's report", async () => {
    const players = await sleeper('/players/nfl');
    const mfl = (await get(app, '/mfl/api/2026/export?TYPE=injuries&JSON=1')).json().injuries.injury;
    expect(mfl.length).toBeGreaterThan(10);
    for (const row of mfl) {
      const p = world.byMfl.get(row.id)!;
      if (p.position === 'Def') continue;
      expect(players[p.sleeperId].injury_status).toBe(row.status);
    }
  });
});
