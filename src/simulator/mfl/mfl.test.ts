import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, get, mflCookie, startFixedSim } from '#test/simulator-world.ts';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import type { SimControl } from '../control.ts';
import type { League } from '../world/league.ts';
import type { Player } from '../world/players.ts';
import type { World } from '../world/world.ts';

let app: FastifyInstance;
let world: World;
let control: SimControl;
let cookie: string;

beforeAll(async () => {
  ({ app, world, control } = await startFixedSim());
  cookie = await mflCookie(app);
});
afterEach(() => control.reset());

const demoLeagues = () => world.leaguesOf(world.demo.mfl);
const exportUrl = (l: League, type: string, extra = '') =>
  `/mfl/${l.host}/2026/export?TYPE=${type}&L=${l.id}${extra}&JSON=1`;
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

async function exportJson(url: string, withCookie = true) {
  const res = await get(app, url, withCookie ? cookie : undefined);
  expect(res.statusCode, url).toBe(200);
  const body = res.json();
  expect(body.error, url).toBeUndefined();
  return body;
}

function importLineup(
  l: League,
  week: number,
  starters: string[],
  opts: { cookie?: string; method?: 'GET' | 'POST' } = {},
) {
  const form = `W=${week}&STARTERS=${starters.join(',')}`;
  const c = opts.cookie === undefined ? cookie : opts.cookie;
  const headers: Record<string, string> = { host: 'sim.test', ...(c ? { cookie: c } : {}) };
  if (opts.method === 'GET') {
    return app.inject({
      method: 'GET',
      url: `/mfl/${l.host}/2026/import?TYPE=lineup&L=${l.id}&${form}`,
      headers,
    });
  }
  return app.inject({
    method: 'POST',
    url: `/mfl/api/2026/import?TYPE=lineup&L=${l.id}`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
}

describe('MFL hosts and login', () => {
  it('redirects league requests on the api host (or the wrong league host) to the league host, query kept', async () => {
    const l = demoLeagues()[0];
    const res = await get(app, `/mfl/api/2026/export?TYPE=rosters&L=${l.id}&JSON=1`, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `http://sim.test/mfl/${l.host}/2026/export?TYPE=rosters&L=${l.id}&JSON=1`,
    );
    const other = demoLeagues()[1].host;
    const wrong = await get(app, `/mfl/${other}/2026/export?TYPE=league&L=${l.id}&JSON=1`, cookie);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toContain(`/mfl/${l.host}/`);
  });

  it('refuses league-independent types on a league host', async () => {
    const l = demoLeagues()[0];
    for (const type of ['injuries', 'players', 'nflSchedule', 'adp', 'myleagues']) {
      const body = (await get(app, `/mfl/${l.host}/2026/export?TYPE=${type}&JSON=1`, cookie)).json();
      expect(body.error.$t).toBe('Invalid request. This API request must go to api.myfantasyleague.com');
    }
  });

  it('logs in by POST or GET, sets the cookie, and answers an XML error for a wrong password', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/mfl/api/2026/login?USERNAME=demo&PASSWORD=demo1234&XML=1',
      headers: { host: 'sim.test' },
    });
    expect(ok.body).toMatch(/<status MFL_USER_ID="[^"]+">OK<\/status>/);
    expect(String(ok.headers['set-cookie'])).toContain('MFL_USER_ID=');
    const bad = await app.inject({
      method: 'POST',
      url: '/mfl/api/2026/login',
      headers: { host: 'sim.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'USERNAME=demo&PASSWORD=nope&XML=1',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('<error>');
    expect(bad.headers['set-cookie']).toBeUndefined();
  });

  it('requires a member of a private league (cookie or APIKEY); public leagues are open', async () => {
    const l = demoLeagues()[0];
    const anon = (await get(app, exportUrl(l, 'rosters'))).json();
    expect(anon.error.$t).toBe(
      `API requires logged in user in league ID ${l.id} - Please be sure to pass the proper MFL_USER_ID cookie or APIKEY parameter`,
    );
    expect(
      (await get(app, exportUrl(l, 'rosters', `&APIKEY=${DEMO_ACCOUNTS.demo.mfl.apiKey}`))).json().rosters,
    ).toBeDefined();
    const bench = await mflCookie(app, 'bench');
    expect((await get(app, exportUrl(l, 'rosters'), bench)).json().error).toBeDefined();
    const pub = world.leagues.find((x) => x.isPublic)!;
    expect((await get(app, exportUrl(pub, 'draftResults'))).json().draftResults).toBeDefined();
    expect((await get(app, '/mfl/api/2026/export?TYPE=myleagues&JSON=1')).json().error).toBeDefined();
  });

  it('answers XML unless JSON=1', async () => {
    const l = demoLeagues()[0];
    const res = await get(app, `/mfl/${l.host}/2026/export?TYPE=league&L=${l.id}`, cookie);
    expect(res.headers['content-type']).toContain('xml');
    expect(res.body).toMatch(/^<\?xml[^>]*>\s*<league [^>]*bestLineup="No"/);
    expect(res.body).toContain('<position name="QB" limit="1"/>');
  });
});

describe('MFL exports', () => {
  it('every export answers for a demo league', async () => {
    const l = demoLeagues()[3];
    const team = world.teamOf(l, world.demo.mfl)!;
    const some = team.players
      .slice(0, 3)
      .map((i) => world.players[i].mflId)
      .join(',');
    const my = await exportJson('/mfl/api/2026/export?TYPE=myleagues&FRANCHISE_NAMES=1&JSON=1');
    expect(asList(my.leagues.league)).toHaveLength(8);
    expect(my.leagues.league[0].url).toMatch(/^http:\/\/sim\.test\/mfl\/www\d\d\/2026\/home\/\d+$/);
    const league = (await exportJson(exportUrl(l, 'league'))).league;
    expect(league.baseURL).toBe(`http://sim.test/mfl/${l.host}`);
    expect(league.starters.position.map((p: { name: string }) => p.name)).toEqual([
      'QB',
      'RB',
      'WR',
      'TE',
      'PK',
      'DT+DE',
      'LB',
      'CB+S',
    ]);
    expect((await exportJson(exportUrl(l, 'rosters', `&FRANCHISE=${team.id}`))).rosters.franchise.id).toBe(
      team.id,
    );
    expect(
      asList(
        (await exportJson(exportUrl(l, 'projectedScores', `&W=12&PLAYERS=${some}`))).projectedScores
          .playerScore,
      ),
    ).toHaveLength(3);
    expect((await exportJson(exportUrl(l, 'liveScoring', '&DETAILS=1'))).liveScoring.matchup).toHaveLength(7);
    expect((await exportJson(exportUrl(l, 'weeklyResults', '&W=2'))).weeklyResults.matchup).toHaveLength(7);
    expect(
      (await exportJson(exportUrl(l, 'playerStatus', `&P=${some}`))).playerStatuses.playerStatus,
    ).toHaveLength(3);
    expect(
      asList((await exportJson(exportUrl(l, 'freeAgents'))).freeAgents.leagueUnit.player).length,
    ).toBeGreaterThan(50);
    expect(
      asList((await exportJson(exportUrl(l, 'draftResults'))).draftResults.draftUnit.draftPick),
    ).toHaveLength(l.draft.picks.length);
    const players = (await exportJson('/mfl/api/2026/export?TYPE=players&DETAILS=1&JSON=1', false)).players
      .player;
    expect(players.length).toBe(world.players.length);
    expect(players.find((p: { id: string }) => p.id === '0501')).toMatchObject({ position: 'Def' });
    // Players by id, as MFL answers them: one is an object, several a list.
    const [a, b] = players as { id: string; name: string }[];
    const one = (
      await exportJson(`/mfl/api/2026/export?TYPE=players&PLAYERS=${a.id}&DETAILS=1&JSON=1`, false)
    ).players.player;
    expect(one).toMatchObject({ id: a.id, name: a.name });
    const two = (
      await exportJson(`/mfl/api/2026/export?TYPE=players&PLAYERS=${a.id},${b.id}&DETAILS=1&JSON=1`, false)
    ).players.player;
    expect(two.map((p: { id: string }) => p.id)).toEqual([a.id, b.id]);
    expect((await exportJson('/mfl/api/2026/export?TYPE=injuries&W=5&JSON=1', false)).injuries.week).toBe(
      '5',
    );
    expect((await exportJson('/mfl/api/2026/export?TYPE=nflSchedule&JSON=1', false)).nflSchedule.week).toBe(
      '11',
    );
    expect(
      (await exportJson('/mfl/api/2026/export?TYPE=nflSchedule&W=ALL&JSON=1', false)).fullNflSchedule
        .nflSchedule,
    ).toHaveLength(18);
    expect(
      asList(
        (await exportJson(`/mfl/api/2026/export?TYPE=projectedScores&W=12&PLAYERS=${some}&JSON=1`, false))
          .projectedScores.playerScore,
      ),
    ).toHaveLength(3);
    expect(
      asList(
        (await exportJson('/mfl/api/2026/export?TYPE=leagueSearch&SEARCH=dynasty&JSON=1', false)).leagues
          .league,
      ).length,
    ).toBeGreaterThan(0);
  });

  it('shows starters as " - S" and bench players as " - NS" in playerStatus', async () => {
    const l = demoLeagues()[0];
    const team = world.teamOf(l, world.demo.mfl)!;
    const starters = world.starters(l, team, 11, FIXED_NOW);
    const benchIdx = team.players.find(
      (i) => !starters.includes(world.players[i]) && !team.taxi.includes(i) && !team.ir.includes(i),
    )!;
    const body = await exportJson(
      exportUrl(l, 'playerStatus', `&P=${starters[0].mflId},${world.players[benchIdx].mflId}`),
    );
    expect(body.playerStatuses.playerStatus.map((s: { status: string }) => s.status)).toEqual([
      `${team.name} - S`,
      `${team.name} - NS`,
    ]);
  });

  it('fills NFL scores and seconds remaining as games progress', async () => {
    control.setClock({ week: 4, phase: 'during' });
    const games = (await exportJson('/mfl/api/2026/export?TYPE=nflSchedule&W=4&JSON=1', false)).nflSchedule
      .matchup;
    const secs = games.map((g: { gameSecondsRemaining: string }) => Number(g.gameSecondsRemaining));
    expect(secs).toContain(0);
    expect(secs).toContain(3600);
    expect(secs.some((s: number) => s > 0 && s < 3600)).toBe(true);
    const upcoming = games.find((g: { gameSecondsRemaining: string }) => g.gameSecondsRemaining === '3600');
    expect(upcoming.team[0].score).toBe('');
  });

  it('computes rookie ADP with its filters', async () => {
    const adp = async (q: string, year = 2026) =>
      (await exportJson(`/mfl/api/${year}/export?TYPE=adp&JSON=1${q}`, false)).adp;
    // Leagues whose only draft was their startup hold no rookie draft.
    const mflLeagues = world.leagues.filter((l) => l.service === 'mfl' && l.draft.picks.length > 0);
    expect(world.leagues.filter((l) => l.service === 'mfl')).toHaveLength(mflLeagues.length + 30);
    const all = await adp('&CUTOFF=0');
    expect(Number(all.totalDrafts)).toBe(mflLeagues.length);
    const top = world.byMfl.get(all.player[0].id)!;
    expect(top.rookie).toBe(true);
    expect(Number(all.player[0].averagePick)).toBeLessThanOrEqual(Number(all.player[1].averagePick));
    const twelve = await adp('&FCOUNT=12');
    expect(Number(twelve.totalDrafts)).toBe(mflLeagues.filter((l) => l.format.size === 12).length);
    expect(Number((await adp('&IS_PPR=0')).totalDrafts)).toBe(
      mflLeagues.filter((l) => l.format.ppr === 0).length,
    );
    expect((await adp('&IS_KEEPER=N')).totalDrafts).toBe('0');
    expect(Number((await adp('&IS_KEEPER=NKR')).totalDrafts)).toBe(Number(all.totalDrafts));
    // The pre-2020 numeric codes are ignored; other letters are refused in MFL's words.
    expect(Number((await adp('&IS_KEEPER=2')).totalDrafts)).toBe(Number(all.totalDrafts));
    expect((await adp('&IS_MOCK=1')).totalDrafts).toBe('0');
    const bad = (await get(app, '/mfl/api/2026/export?TYPE=adp&IS_KEEPER=D&JSON=1')).json();
    expect(bad.error.$t).toBe('Invalid value for IS_KEEPER');
  });

  it('ADP ignores DAYS and TIME, as MFL does: no end date, one season per year in the path', async () => {
    const adp = async (q: string, year = 2026) =>
      (await exportJson(`/mfl/api/${year}/export?TYPE=adp&JSON=1${q}`, false)).adp;
    const all = await adp('');
    const since = Math.floor(FIXED_NOW / 1000) - 30 * 86_400;
    // Some drafts are older than 30 days, so a window would change the count if it were applied.
    const starts = world.leagues.filter((l) => l.service === 'mfl').map((l) => l.draft.startedAt);
    expect(starts.some((t) => t < since)).toBe(true);
    expect(await adp('&DAYS=30')).toEqual({ ...all, timestamp: expect.any(String) });
    expect(await adp(`&TIME=${since}&DAYS=7`)).toEqual({ ...all, timestamp: expect.any(String) });
    expect(await adp('&PERIOD=ALL')).toEqual({ ...all, timestamp: expect.any(String) });
    // The drafts are this season's (2026): another year's path has none of them.
    expect((await adp('', 2025)).totalDrafts).toBe('0');
    expect((await adp('', 2025)).player).toBeUndefined();
    // Drafts not made yet at the simulated time are not counted.
    control.setClock({ now: Math.min(...starts) * 1000 - 1000 });
    expect((await adp('')).totalDrafts).toBe('0');
  });

  it('ADP answers as the recorded answer does: strings, share as the whole percent below, CUTOFF honoured', async () => {
    const adp = async (q: string) =>
      (await exportJson(`/mfl/api/2026/export?TYPE=adp&JSON=1${q}`, false)).adp;
    const all = await adp('&CUTOFF=0');
    const total = Number(all.totalDrafts);
    for (const key of ['timestamp', 'totalDrafts', 'totalPicks']) expect(all[key]).toBeTypeOf('string');
    expect(all.timestamp).toBe(String(Math.floor(FIXED_NOW / 1000)));
    for (const p of all.player) {
      for (const key of [
        'id',
        'rank',
        'averagePick',
        'minPick',
        'maxPick',
        'draftsSelectedIn',
        'draftSelPct',
      ])
        expect(p[key], key).toBeTypeOf('string');
      expect(p.averagePick).toMatch(/^\d+\.\d\d$/);
      expect(Number(p.draftSelPct)).toBe(Math.floor((Number(p.draftsSelectedIn) / total) * 100));
    }
    // Without CUTOFF MFL leaves out players under 5 %; a higher CUTOFF leaves out more.
    const share = (p: { draftsSelectedIn: string }) => (Number(p.draftsSelectedIn) / total) * 100;
    expect(all.player.some((p: { draftsSelectedIn: string }) => share(p) < 5)).toBe(true);
    const byDefault = asList((await adp('')).player);
    expect(byDefault.length).toBe(
      all.player.filter((p: { draftsSelectedIn: string }) => share(p) >= 5).length,
    );
    const forty = asList((await adp('&CUTOFF=40')).player);
    expect(forty.length).toBe(all.player.filter((p: { draftsSelectedIn: string }) => share(p) >= 40).length);
    expect(forty.length).toBeLessThan(byDefault.length);
  });
});

describe('MFL lineup import', () => {
  const WEEK = 12;

  /** A demo team and a legal one-for-one swap between a starter and a bench player of the same group. */
  function swapCase(l: League, accept: (out: Player, inn: Player) => boolean = () => true) {
    const team = world.teamOf(l, world.demo.mfl)!;
    const starters = world.starters(l, team, WEEK, control.now());
    const groupOf = (p: Player) => l.mfl.groups.findIndex((g) => g.positions.includes(p.position));
    const bench = team.players
      .filter((i) => !team.taxi.includes(i) && !team.ir.includes(i))
      .map((i) => world.players[i])
      .filter((p) => !starters.includes(p) && groupOf(p) >= 0);
    for (const out of starters) {
      const inn = bench.find((p) => groupOf(p) === groupOf(out) && accept(out, p));
      if (inn) return { team, starters, out, inn, next: starters.map((p) => (p === out ? inn : p)) };
    }
    return undefined;
  }
  const settable = () => demoLeagues().filter((l) => !l.format.bestBall);

  it('changes the starters that liveScoring, weeklyResults and /_sim/lineup show', async () => {
    control.setClock({ week: WEEK, phase: 'before' });
    const l = settable()[0];
    const c = swapCase(l)!;
    const res = await importLineup(
      l,
      WEEK,
      c.next.map((p) => p.mflId),
    );
    expect(res.body).toContain('<status>OK</status>');
    const live = (await exportJson(exportUrl(l, 'liveScoring', `&W=${WEEK}&DETAILS=1`))).liveScoring;
    const mine = asList(live.matchup)
      .flatMap((m: { franchise: unknown[] }) => m.franchise)
      .find((f: any) => f.id === c.team.id) as any;
    const starterIds = mine.players.player.filter((p: any) => p.status === 'starter').map((p: any) => p.id);
    expect(starterIds).toContain(c.inn.mflId);
    expect(starterIds).not.toContain(c.out.mflId);
    expect(mine.players.player.find((p: any) => p.id === c.out.mflId).status).toBe('nonstarter');
    const results = (await exportJson(exportUrl(l, 'weeklyResults', `&W=${WEEK}`))).weeklyResults;
    const row = asList(results.matchup)
      .flatMap((m: any) => m.franchise)
      .find((f: any) => f.id === c.team.id) as any;
    expect(row.starters.split(',')).toContain(c.inn.mflId);
    expect(row.starters.endsWith(',')).toBe(true);
    const view = (await get(app, `/_sim/lineup?league=${l.id}&franchise=${c.team.id}&week=${WEEK}`)).json();
    expect(view.starters).toContain(c.inn.mflId);
    // GET with the same query works too.
    const back = await importLineup(
      l,
      WEEK,
      c.starters.map((p) => p.mflId),
      { method: 'GET' },
    );
    expect(back.body).toContain('<status>OK</status>');
    expect(control.lineup(l.id, c.team.id, WEEK)!.starters).toContain(c.out.mflId);
  });

  it('rejects lineups over or under the position limits, over the starter count, or with players not on the roster', async () => {
    control.setClock({ week: WEEK, phase: 'before' });
    const l = demoLeagues().find((x) => x.format.qb === 'SF' && !x.format.idp && !x.format.bestBall)!;
    const team = world.teamOf(l, world.demo.mfl)!;
    const starters = world.starters(l, team, WEEK, control.now());
    const ids = starters.map((p) => p.mflId);
    const active = team.players
      .filter((i) => !team.taxi.includes(i) && !team.ir.includes(i))
      .map((i) => world.players[i]);
    const error = async (list: string[], text: string) => {
      const res = await importLineup(l, WEEK, list);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/^<\?xml[^>]*>\s*<error>/);
      expect(res.body).toContain(text);
    };
    const qb = starters.filter((p) => p.position === 'QB');
    await error(
      ids.filter((id) => !qb.some((p) => p.mflId === id)),
      'Not enough starters at QB',
    );
    const rbs = starters.filter((p) => p.position === 'RB');
    const moreRbs = active.filter((p) => p.position === 'RB' && !rbs.includes(p)).slice(0, 4 - rbs.length);
    const tooManyRb = [
      ...ids.filter((id) => !starters.some((p) => p.mflId === id && p.position === 'WR')),
      ...moreRbs.map((p) => p.mflId),
    ];
    await error([...ids, ...moreRbs.map((p) => p.mflId)], 'Too many starters');
    await error(tooManyRb.slice(0, l.mfl.count), 'Too many starters at RB');
    const outsider = world.players.find((p) => !team.players.includes(p.idx))!;
    await error([...ids.slice(1), outsider.mflId], `Player ID ${outsider.mflId} is not on your roster.`);
  });

  it('rejects moving a player whose game has started', async () => {
    control.setClock({ week: WEEK, phase: 'during' });
    const started = (p: Player) => (world.scoring.game(p, WEEK)?.kickoff ?? Infinity) * 1000 <= control.now();
    let found = false;
    for (const l of settable()) {
      const c = swapCase(l, (out, inn) => started(out) && !started(inn));
      if (!c) continue;
      const res = await importLineup(
        l,
        WEEK,
        c.next.map((p) => p.mflId),
      );
      expect(res.body).toContain(
        'cannot be moved out of your starting lineup because his game has already started',
      );
      found = true;
      break;
    }
    expect(found).toBe(true);
  });

  it('answers a login page without a login and an error for best-ball leagues', async () => {
    const l = settable()[0];
    const anon = await importLineup(l, WEEK, ['0501'], { cookie: '' });
    expect(anon.headers['content-type']).toContain('text/html');
    expect(anon.body).toContain('<form');
    const bb = demoLeagues().find((x) => x.format.bestBall)!;
    expect((await importLineup(bb, WEEK, ['0501'])).body).toContain('best lineup');
  });
});
