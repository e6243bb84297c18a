import { describe, expect, it } from 'vitest';
import { FIXED_NOW } from '#test/simulator-world.ts';
import { mflLimit } from './formats.ts';
import { checkGroupLineup } from './lineups.ts';
import { gameState } from './schedule.ts';
import { World } from './world.ts';

const make = (seed: number) => new World({ seed, season: 2026, anchorMs: FIXED_NOW });

function fingerprint(w: World) {
  return JSON.stringify({
    players: w.players.map((p) => [p.mflId, p.sleeperId, p.fleaId, p.first, p.last, p.team, p.injuries]),
    games: w.calendar.weeks.map((wk) => wk.games.map((g) => [g.kickoff, g.home, g.away])),
    leagues: w.leagues.map((l) => [
      l.id,
      l.name,
      l.teams.map((t) => [t.id, t.name, t.players]),
      l.draft.picks,
    ]),
    scores: w.players.slice(0, 200).map((p) => w.scoring.finalPoints(p, 3, 1)),
  });
}

describe('world generation', () => {
  const world = make(11);

  it('is fully determined by the seed, and fast', () => {
    const t0 = performance.now();
    const again = make(11);
    const ms = performance.now() - t0;
    expect(fingerprint(again)).toBe(fingerprint(world));
    expect(fingerprint(make(12))).not.toBe(fingerprint(world));
    // A sanity bound only; the figure itself is well under a second on the project's machines.
    expect(ms).toBeLessThan(3000);
  });

  it('has an 18-week schedule with byes in weeks 5-14 and real-looking kickoff slots', () => {
    const { weeks } = world.calendar;
    expect(weeks).toHaveLength(18);
    const byes = new Map<string, number>();
    for (const w of weeks) {
      const teams = w.games.flatMap((g) => [g.home, g.away]);
      expect(new Set(teams).size).toBe(teams.length);
      expect(teams.length + w.byes.length).toBe(32);
      for (const b of w.byes) byes.set(b, w.week);
      for (const g of w.games) {
        const et = new Date(g.kickoff * 1000 - 5 * 3_600_000);
        expect([0, 1, 4]).toContain(et.getUTCDay()); // Sunday, Monday, Thursday
      }
    }
    expect(byes.size).toBe(32);
    expect(Math.min(...byes.values())).toBeGreaterThanOrEqual(5);
    expect(Math.max(...byes.values())).toBeLessThanOrEqual(14);
  });

  it('moves games from not started to in progress to final with the clock', () => {
    const g = world.calendar.weeks[2].games[0];
    expect(gameState(g, g.kickoff * 1000 - 1).status).toBe('scheduled');
    const mid = gameState(g, g.kickoff * 1000 + 60 * 60_000);
    expect(mid.status).toBe('in_progress');
    expect(mid.secondsRemaining).toBeGreaterThan(0);
    expect(mid.secondsRemaining).toBeLessThan(3600);
    const end = gameState(g, g.kickoff * 1000 + 4 * 3_600_000);
    expect(end).toMatchObject({ status: 'final', secondsRemaining: 0 });
    expect(end.homeScore + end.awayScore).toBeGreaterThan(0);
  });

  it('has a player pool with ids on every service, rookies and a few missing external ids', () => {
    const ps = world.players;
    expect(ps.length).toBeGreaterThanOrEqual(1000);
    expect(ps.length).toBeLessThanOrEqual(1500);
    for (const key of ['mflId', 'sleeperId', 'fleaId'] as const)
      expect(new Set(ps.map((p) => p[key])).size).toBe(ps.length);
    const defs = ps.filter((p) => p.position === 'Def');
    expect(defs).toHaveLength(32);
    expect(defs.every((p) => /^05\d\d$/.test(p.mflId) && /^[A-Z]{2,3}$/.test(p.sleeperId))).toBe(true);
    expect(
      ps
        .filter((p) => p.position !== 'Def')
        .every((p) => /^\d{4,5}$/.test(p.mflId) && /^\d+$/.test(p.sleeperId)),
    ).toBe(true);
    expect(ps.filter((p) => p.rookie && p.draftYear === 2026).length).toBeGreaterThan(100);
    expect(ps.some((p) => p.position !== 'Def' && !p.mflHasSportradar && !p.mflHasEspn)).toBe(true);
    expect(ps.some((p) => !p.fleaHasSportradar && p.position !== 'Def')).toBe(true);
    for (const pos of ['QB', 'RB', 'WR', 'TE', 'PK', 'PN', 'DE', 'DT', 'LB', 'CB', 'S']) {
      expect(ps.some((p) => p.position === pos)).toBe(true);
    }
  });

  it('gives the demo and bench users their leagues, plus 200 public MFL leagues and 30 in their startup season', () => {
    const count = (who: 'demo' | 'bench', s: 'mfl' | 'sleeper' | 'flea') =>
      world.leaguesOf(world[who][s]).length;
    expect([count('demo', 'mfl'), count('demo', 'sleeper'), count('demo', 'flea')]).toEqual([8, 6, 5]);
    expect([count('bench', 'mfl'), count('bench', 'sleeper'), count('bench', 'flea')]).toEqual([20, 20, 20]);
    expect(world.leagues.filter((l) => l.isPublic && l.service === 'mfl')).toHaveLength(230);
    const startupOnly = world.leagues.filter((l) => l.isPublic && l.draftStatus === 'none');
    expect(startupOnly).toHaveLength(30);
    expect(startupOnly.every((l) => l.startup?.kind === 'snake' && l.draft.picks.length === 0)).toBe(true);
    const demoMfl = world.leaguesOf(world.demo.mfl);
    const limits = demoMfl.flatMap((l) => l.mfl.groups.map((g) => `${g.name}:${mflLimit(g)}`));
    expect(limits).toContain('QB:1-2');
    expect(limits).toContain('QB:2');
    expect(limits.some((x) => x.startsWith('DT+DE:'))).toBe(true);
    expect(limits.some((x) => x.startsWith('CB+S:'))).toBe(true);
    expect(demoMfl.some((l) => l.format.bestBall)).toBe(true);
    expect(new Set(demoMfl.map((l) => l.format.ppr))).toEqual(new Set([0, 0.5, 1]));
    expect(new Set(demoMfl.map((l) => l.format.size))).toEqual(new Set([10, 12, 14]));
    expect(new Set(demoMfl.map((l) => l.host)).size).toBe(demoMfl.length);
  });

  it('fills every roster and holds a rookie draft in the 90 days before the clock', () => {
    for (const l of world.leagues) {
      for (const t of l.teams) expect(t.players.length).toBe(l.rosterSize);
      expect(l.draft.picks.length).toBe(l.draft.rounds * l.teams.length);
      for (const pick of l.draft.picks) {
        expect(pick.timestamp * 1000).toBeLessThanOrEqual(FIXED_NOW);
        expect(pick.timestamp * 1000).toBeGreaterThan(FIXED_NOW - 90 * 86_400_000);
        expect(world.players[pick.player].rookie).toBe(true);
        expect(l.teams[pick.team].players).toContain(pick.player);
      }
    }
  });

  it("sets legal default lineups for every demo team's week", () => {
    for (const l of world.leaguesOf(world.demo.mfl)) {
      for (const t of l.teams) {
        const starters = world.starters(l, t, 5, FIXED_NOW);
        expect(starters.length).toBe(l.mfl.count);
        const problem = checkGroupLineup({
          starters,
          groups: l.mfl.groups,
          count: l.mfl.count,
          current: starters,
          locked: () => false,
        });
        expect(problem).toBeUndefined();
      }
    }
  });
});
