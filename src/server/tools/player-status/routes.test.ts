import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { League } from '#common/leagues.ts';
import type { LeagueStatus } from '#common/player-status.ts';
import { startToolsTestBed, type ToolsTestBed } from '#test/tools.ts';
import { fleaPlayerStatus, mflPlayerStatus, sleeperPlayerStatus } from './leagues.ts';

/* POST /api/players/status through the real app against the simulator. */

let bed: ToolsTestBed;
let cookie: string;
const leagues: Record<'mfl' | 'sleeper' | 'flea', League[]> = { mfl: [], sleeper: [], flea: [] };

const refOf = (l: League) =>
  l.type === 'mfl'
    ? { type: l.type, name: l.name, league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea'
      ? { type: l.type, name: l.name, league_id: l.league_id, team_id: l.team_id }
      : { type: l.type, name: l.name, league_id: l.league_id };

async function status(player: string, refs: unknown[], c = cookie) {
  const res = await bed.post('/api/players/status', { player, leagues: refs }, c);
  return { code: res.statusCode, body: res.json() as LeagueStatus[] & { error?: string } };
}

beforeAll(async () => {
  bed = await startToolsTestBed();
  bed.control.setClock({ week: 5, phase: 'during' });
  cookie = await bed.connect('demo');
  for (const s of ['mfl', 'sleeper', 'flea'] as const)
    leagues[s] = (await bed.get(`/api/${s}/leagues`, cookie)).json();
}, 60_000);
afterAll(() => bed.close());
beforeEach(() => {
  bed.control.reset();
  bed.control.setClock({ week: 5, phase: 'during' });
});

/** A player the demo user rosters in the given league, another team rosters, and a free agent there. */
function cast(service: 'mfl' | 'sleeper' | 'flea', leagueId: string) {
  const w = bed.world;
  const l = w.league(service, leagueId)!;
  const mine = w.teamOf(l, w.demo[service])!;
  const other = l.teams.find((t) => t !== mine)!;
  const rostered = new Set(l.teams.flatMap((t) => t.players));
  const usable = new Set(l.mfl?.groups.flatMap((g) => g.positions) ?? []);
  const free = w.players.find(
    (p) => !rostered.has(p.idx) && (service !== 'mfl' || usable.has(p.position)) && p.team !== 'FA',
  )!;
  return { mine: w.players[mine.players[0]], theirs: w.players[other.players[0]], other, free };
}

describe('player status: access and input', () => {
  it('401 when a league’s service is not connected; 400 for bad input; 6 leagues is a 400', async () => {
    const sleeperRef = { type: 'sleeper', league_id: '123' };
    expect((await status('13132', [sleeperRef], '')).code).toBe(401);
    expect(
      (await status('13132', [{ type: 'mfl', league_id: '1', franchise_id: '0001', url: '' }], '')).code,
    ).toBe(401);
    expect((await status('../etc', [sleeperRef])).code).toBe(400);
    expect((await status('13132', [{ type: 'espn', league_id: '1' }])).code).toBe(400);
    expect((await status('13132', [{ type: 'flea', league_id: '1' }])).code).toBe(400);
    expect((await status('13132', [])).code).toBe(400);
    const six = await status('13132', Array(6).fill(sleeperRef));
    expect(six.code).toBe(400);
    expect(six.body.error).toMatch(/at most 5/);
  });

  it('404 for a player id the list does not have', async () => {
    const r = await status('99999999', [refOf(leagues.sleeper[0])]);
    expect(r.code).toBe(404);
  });
});

describe('player status in each service', () => {
  it('MFL: mine, another team’s, free agent with the add/drop page on the league host', async () => {
    const l = leagues.mfl[0];
    const c = cast('mfl', l.league_id);
    const [mine] = (await status(c.mine.mflId, [refOf(l)])).body;
    expect(mine).toMatchObject({ type: 'mfl', name: l.name, league_id: l.league_id, url: l.url });
    expect(mine.playerStatus).toMatchObject({
      mine: true,
      addDropUrl: expect.stringContaining(`add_drop?L=${l.league_id}`),
    });
    expect(mine.playerStatus!.addDropUrl!.startsWith(new URL(l.url).origin)).toBe(true);

    const [theirs] = (await status(c.theirs.mflId, [refOf(l)])).body;
    expect(theirs.playerStatus).toMatchObject({ status: c.other.name });
    expect(theirs.playerStatus!.mine).toBeUndefined();
    expect(theirs.playerStatus!.addDropUrl).toBeUndefined();

    const [free] = (await status(c.free.mflId, [refOf(l)])).body;
    expect(free.playerStatus).toMatchObject({
      status: 'FA',
      addDropUrl: expect.stringContaining('add_drop'),
    });
  });

  it('MFL: NA where the league does not use the position', async () => {
    const w = bed.world;
    const l = leagues.mfl.find((x) => {
      const league = w.league('mfl', x.league_id)!;
      return !league.mfl.groups.some((g) => ['DE', 'LB', 'CB', 'S', 'DT'].includes(g.positions[0]));
    })!;
    const lb = w.players.find((p) => p.position === 'LB')!;
    const [row] = (await status(lb.mflId, [refOf(l)])).body;
    expect(row.playerStatus).toEqual({ status: 'NA' });
  });

  it('Fleaflicker: NA where the league starts no one of his position group', async () => {
    const w = bed.world;
    const l = leagues.flea.find((x) => !w.league('flea', x.league_id)!.format.idp)!;
    const lb = w.players.find((p) => p.position === 'LB')!;
    const [row] = (await status(lb.mflId, [refOf(l)])).body;
    expect(row.playerStatus).toEqual({ status: 'NA' });
  });

  it('NL, not NA, where the service does not list the player at all', async () => {
    const nobody = { id: 'x', name: 'Nobody Listed', position: 'WR', team: 'FA' };
    const mflLeague = leagues.mfl[0];
    const ref = { league_id: mflLeague.league_id, url: mflLeague.url };
    expect(await mflPlayerStatus(bed.services, ref, nobody, cookie, bed.simBase)).toEqual({ status: 'NL' });
    expect(
      await sleeperPlayerStatus(bed.services, { league_id: leagues.sleeper[0].league_id }, nobody, 'u'),
    ).toEqual({ status: 'NL' });
    const flea = leagues.flea[0];
    expect(
      await fleaPlayerStatus(bed.services, { league_id: flea.league_id, team_id: flea.team_id! }, nobody),
    ).toEqual({ status: 'NL' });
  });

  it('Sleeper: mine (with starter flag), rostered by a named team, free agent with the league link', async () => {
    const l = leagues.sleeper[0];
    const c = cast('sleeper', l.league_id);
    const [mine] = (await status(bed.world.bySleeper.get(c.mine.sleeperId)!.mflId, [refOf(l)])).body;
    expect(mine.url).toBe(`https://sleeper.com/leagues/${l.league_id}`);
    expect(mine.playerStatus).toMatchObject({ mine: true, starter: expect.any(Boolean) });
    const [theirs] = (await status(c.theirs.mflId, [refOf(l)])).body;
    expect(theirs.playerStatus!.status).not.toMatch(/^(FA|NA)$/);
    expect(theirs.playerStatus!.mine).toBeUndefined();
    const [free] = (await status(c.free.mflId, [refOf(l)])).body;
    // The simulated world is fixed: this player is on no team and plays in this league's positions.
    expect(free.playerStatus).toMatchObject({
      status: 'FA',
      addDropUrl: expect.stringContaining('sleeper.com/leagues/'),
    });
  });

  it('Fleaflicker: mine, another team by name (each starting or not, as on the other services), free agent with the add page', async () => {
    const l = leagues.flea[0];
    const c = cast('flea', l.league_id);
    // Who starts for the visitor's team this week, as Fleaflicker's roster says.
    const roster = await bed.services.flea.roster(l.league_id, l.team_id!);
    const starting = new Set(
      roster.groups
        .filter((g) => g.group === 'START')
        .flatMap((g) => g.slots.map((s) => s.leaguePlayer?.proPlayer.id)),
    );
    const [mine] = (await status(c.mine.mflId, [refOf(l)])).body;
    expect(mine.playerStatus).toMatchObject({ mine: true, starter: starting.has(c.mine.fleaId) });
    const [theirs] = (await status(c.theirs.mflId, [refOf(l)])).body;
    expect(theirs.playerStatus).toMatchObject({ status: c.other.name, starter: expect.any(Boolean) });
    const [free] = (await status(c.free.mflId, [refOf(l)])).body;
    expect(free.playerStatus).toMatchObject({
      status: 'FA',
      addDropUrl: expect.stringMatching(/fleaflicker\.com\/nfl\/leagues\/\d+\/players\/add/),
    });
  });

  it('mixes services in one chunk, in the order sent; a failing league answers its error alone', async () => {
    const refs = [leagues.mfl[1], leagues.sleeper[1], leagues.flea[1], leagues.sleeper[2]].map(refOf);
    bed.control.addFault({
      service: 'sleeper',
      kind: '500',
      count: 5,
      match: `/league/${leagues.sleeper[2].league_id}/`,
    });
    const someone = bed.world.players.find((p) => p.position === 'QB' && p.team !== 'FA')!;
    const { code, body } = await status(someone.mflId, refs);
    expect(code).toBe(200);
    expect(body.map((r) => `${r.type}:${r.league_id}`)).toEqual(refs.map((r) => `${r.type}:${r.league_id}`));
    expect(body.slice(0, 3).every((r) => r.playerStatus && !r.error)).toBe(true);
    expect(body[3]).toMatchObject({ error: expect.stringMatching(/Sleeper/) });
    expect(body[3].playerStatus).toBeUndefined();
  });
});
