/**
 * Contract tests: for every endpoint with a recorded real answer in tests/fixtures/recorded, the simulator's
 * answer has the recording's structure and value types.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  espnErrorSchema,
  espnLeagueSchema,
  espnPlayerInfoSchema,
  espnProScheduleSchema,
} from '#server/leagues/espn/schemas.ts';
import { fixtureJson, fixturesRoot } from '#test/league-fixtures.ts';
import { get, mflCookie, startFixedSim } from '#test/simulator-world.ts';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import type { SimControl } from '../control.ts';
import type { World } from '../world/world.ts';
import { compareShape, learnShape, type ShapeOptions } from './shape.ts';

/** A recorded answer by its path under tests/fixtures/recorded (service folder first). */
const fixture = (path: string) => readFileSync(join(fixturesRoot, path), 'utf8');
const json = (path: string) => JSON.parse(fixture(path));
const MFL = 'mfl/dynastyprocess__ffscrapr-tests/mfl/2020/';
const TW = 'mfl/tiltedwindmills__mfl-api/src/test/resources/exports/';
const SL = 'sleeper/ffverse__ffscrapr-tests/sleeper/v1/';
const RR = 'sleeper/ryanroundhouse__sleeper/';
const FL = 'flea/ffverse__ffscrapr-tests/flea/api/';

let app: FastifyInstance;
let world: World;
let control: SimControl;
let cookie: string;

beforeAll(async () => {
  ({ app, world, control } = await startFixedSim());
  cookie = await mflCookie(app);
});

async function answer(url: string, withCookie = false) {
  const res = await get(app, url, withCookie ? cookie : undefined);
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

function conforms(actual: unknown, recordings: unknown[], opts: ShapeOptions = {}) {
  expect([...new Set(compareShape(actual, learnShape(recordings, opts), opts))]).toEqual([]);
}

const demo = (service: 'mfl' | 'sleeper' | 'flea' | 'espn') => world.leaguesOf(world.demo[service]);
const mflLeague = (url: string, l: { host: string; id: string }, extra = '') =>
  `/mfl/${l.host}/2026/export?TYPE=${url}&L=${l.id}${extra}&JSON=1`;

describe('MFL contract', () => {
  const m = { collapse: true };

  it('login answers the recorded XML status', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/mfl/api/2026/login',
      headers: { host: 'sim.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'USERNAME=demo&PASSWORD=demo1234&XML=1',
    });
    const recorded = fixture(`${MFL}login-8aa81d-POST.xml`).replace(/\s+/g, '').replace('REDACTED', 'X');
    const ours = res.body.replace(/\s+/g, '').replace(/MFL_USER_ID="[^"]+"/, 'MFL_USER_ID="X"');
    expect(ours).toBe(recorded);
  });

  it('myleagues', async () => {
    conforms(
      await answer('/mfl/api/2026/export?TYPE=myleagues&FRANCHISE_NAMES=1&YEAR=2026&JSON=1', true),
      [json(`${MFL}export-7ad747.json`)],
      m,
    );
  });

  it('league (1QB, superflex ranges, IDP groups, best ball)', async () => {
    const recs = [json(`${MFL}export-d4f576.json`), json(`${MFL}export-53ace0.json`)];
    for (const l of demo('mfl')) conforms(await answer(mflLeague('league', l), true), recs, m);
  });

  it('rosters, whole league and one franchise, current and given week', async () => {
    const recs = [json(`${MFL}export-ccd01d.json`), json(`${MFL}export-f7a647.json`)];
    const l = demo('mfl')[3];
    conforms(await answer(mflLeague('rosters', l), true), recs, m);
    conforms(await answer(mflLeague('rosters', l, '&W=2&FRANCHISE=0001'), true), recs, m);
  });

  it('players with details', async () => {
    conforms(
      await answer('/mfl/api/2026/export?TYPE=players&DETAILS=1&JSON=1'),
      [json(`${MFL}export-e54ca1.json`)],
      m,
    );
  });

  it('weeklyResults of a finished week (best ball and set lineups)', async () => {
    control.setClock({ week: 3, phase: 'after' });
    try {
      const rec = [json(`${MFL}export-d275ab.json`)];
      // `comments` is written only for best-ball leagues; the recording is one.
      const opts = { ...m, optional: ['$.weeklyResults.matchup.franchise.comments'] };
      for (const l of demo('mfl'))
        conforms(await answer(mflLeague('weeklyResults', l, '&W=3'), true), rec, opts);
    } finally {
      control.reset();
    }
  });

  it('nflSchedule: a finished week and the off-season answer', async () => {
    control.setClock({ week: 1, phase: 'after' });
    conforms(
      await answer('/mfl/api/2026/export?TYPE=nflSchedule&W=1&JSON=1'),
      [json(`${TW}nflSchedule/completed-week.json`)],
      m,
    );
    control.setClock({ now: world.calendar.weeks[0].startsAt - 30 * 86_400_000 });
    const off = await answer('/mfl/api/2026/export?TYPE=nflSchedule&JSON=1');
    conforms(off, [json(`${TW}nflSchedule/no-week-provided.json`)], m);
    expect(off.nflSchedule.week).toBe('0');
    control.reset();
  });

  it('transactions of type TRADE: many trades, and one alone', async () => {
    const recs = [json('mfl/danabrey__mfl-api/tests/_data/trades/trades.json')];
    control.setClock({ now: world.calendar.seasonEndsAt() });
    try {
      let seen = 0;
      for (const l of demo('mfl')) {
        const body = await answer(mflLeague('transactions', l, '&TRANS_TYPE=TRADE'), true);
        seen += [body.transactions.transaction ?? []].flat().length;
        conforms(body, recs, m);
      }
      expect(seen).toBeGreaterThan(0);
    } finally {
      control.reset();
    }
  });

  it('injuries: a week with reports and a week without', async () => {
    conforms(
      await answer('/mfl/api/2026/export?TYPE=injuries&JSON=1'),
      [json('mfl/danabrey__mfl-api/tests/_data/injuries/injuries.json')],
      m,
    );
    conforms(
      await answer('/mfl/api/2026/export?TYPE=injuries&W=23&JSON=1'),
      [json(`${TW}injuries/invalid-week.json`)],
      m,
    );
  });

  it('adp: the recorded aggregate, as many players and as one', async () => {
    const dir = 'braven112__mfl.football.v2/data/theleague/mfl-feeds/2025';
    const recs = [
      fixtureJson('mfl', `${dir}/adp-redraft.json`),
      fixtureJson('mfl', `${dir}/adp-redraft.single-player.derived.json`),
    ];
    const ours = await answer(
      '/mfl/api/2026/export?TYPE=adp&IS_KEEPER=R&IS_MOCK=0&FCOUNT=12&IS_PPR=1&JSON=1',
    );
    expect(Array.isArray(ours.adp.player)).toBe(true);
    conforms(ours, recs, m);
  });

  it('playerStatus for one and for several players', async () => {
    const l = demo('mfl')[0];
    const team = l.teams[0];
    const one = world.players[team.players[0]].mflId;
    const fa = world.players.find(
      (p) => p.position === 'QB' && !l.teams.some((t) => t.players.includes(p.idx)),
    )!.mflId;
    conforms(
      await answer(mflLeague('playerStatus', l, `&P=${one}`), true),
      [json(`${TW}playerStatus/single-player.json`)],
      m,
    );
    conforms(
      await answer(mflLeague('playerStatus', l, `&P=${one},${fa},0501`), true),
      [json(`${TW}playerStatus/multiple-players.json`)],
      m,
    );
  });

  it('freeAgents', async () => {
    conforms(
      await answer(mflLeague('freeAgents', demo('mfl')[0]), true),
      [json(`${TW}freeAgents/free-agents.json`)],
      m,
    );
  });

  it('errors: private league without login, league-independent type on a league host, no player changes', async () => {
    const l = demo('mfl')[0];
    const err = [json('mfl/danabrey__mfl-api/tests/_data/league/1qb_without_api_key_private.json')];
    conforms(await answer(mflLeague('league', l)), err, m);
    const wrongHost = await answer(`/mfl/${l.host}/2026/export?TYPE=injuries&L=${l.id}&JSON=1`);
    conforms(
      wrongHost,
      [json('mfl/keithcreelman__upsmflproduction/data/mfl-snapshots/2026-04-30/injuries.json')],
      m,
    );
    expect(wrongHost.error.$t).toBe('Invalid request. This API request must go to api.myfantasyleague.com');
    conforms(
      await answer('/mfl/api/2026/export?TYPE=players&SINCE=3489000000&JSON=1'),
      [json(`${TW}players/player-updates-with-timestamp-error.json`)],
      m,
    );
  });
});

describe('Sleeper contract', () => {
  const leagueRecs = () => [
    json(`${SL}league/522458773317046272.json`),
    json(`${SL}league/711961723149553664.json`),
    json(`${RR}league_1264686617134628864_info.json`),
    ...json(`${SL}user/202892038360801280/leagues/nfl/2020.json`),
  ];
  const base = '/sleeper/v1';

  it('user', async () => {
    conforms(await answer(`${base}/user/dynastydemo`), [json(`${SL}user/solarpool.json`)]);
  });

  it("a user's leagues and each league", async () => {
    const list = await answer(`${base}/user/${world.demo.sleeper.userId}/leagues/nfl/2026`);
    expect(list).toHaveLength(6);
    conforms(list, [json(`${SL}user/202892038360801280/leagues/nfl/2020.json`), leagueRecs()]);
    for (const l of demo('sleeper')) conforms(await answer(`${base}/league/${l.id}`), leagueRecs());
  });

  it('rosters, users, matchups', async () => {
    const rosters = [
      json(`${SL}league/522458773317046272/rosters.json`),
      json(`${RR}league_1264686617134628864_rosters.json`),
    ];
    const users = [
      json(`${SL}league/522458773317046272/users.json`),
      json(`${RR}league_1264686617134628864_users.json`),
    ];
    const matchups = [
      json(`${SL}league/522458773317046272/matchups/1.json`),
      json(`${RR}league_1264686617134628864_matchups_week_3.json`),
    ];
    const mOpts = { maps: ['$[].players_points'] };
    for (const l of demo('sleeper')) {
      conforms(await answer(`${base}/league/${l.id}/rosters`), rosters);
      conforms(await answer(`${base}/league/${l.id}/users`), users);
      conforms(await answer(`${base}/league/${l.id}/matchups/3`), matchups, mOpts);
    }
  });

  it('drafts and picks', async () => {
    const l = demo('sleeper')[0];
    const drafts = await answer(`${base}/league/${l.id}/drafts`);
    conforms(drafts, [json(`${SL}league/522458773317046272/drafts.json`)], {
      maps: ['$[].draft_order', '$[].metadata'],
    });
    conforms(await answer(`${base}/draft/${drafts[0].draft_id}/picks`), [
      json(`${SL}draft/522458773321240576/picks.json`),
    ]);
  });

  it('startup drafts and their picks keep the recorded draft shapes', async () => {
    const l = [...demo('sleeper'), ...world.leaguesOf(world.bench.sleeper)].find(
      (x) => x.startup?.kind === 'auction',
    )!;
    const drafts = await answer(`${base}/league/${l.id}/drafts`);
    // An auction's budget and prices are not in the recorded (linear rookie) draft (decision 021).
    conforms(drafts, [json(`${SL}league/522458773317046272/drafts.json`)], {
      maps: ['$[].draft_order', '$[].metadata'],
      extra: ['$[].settings.budget'],
    });
    conforms(
      await answer(`${base}/draft/${l.startup!.id}/picks`),
      [json(`${SL}draft/522458773321240576/picks.json`)],
      { extra: ['$[].metadata.amount'] },
    );
  });

  it('transactions of a round: completed trades in the recorded shape', async () => {
    const recs = [1, 3, 4, 6, 8].map((round) =>
      json(
        `sleeper/ffverse__ffscrapr/tests/testthat/sleeper/v1/league/522458773317046272/transactions/${round}.json`,
      ),
    );
    control.setClock({ now: world.calendar.seasonEndsAt() });
    try {
      let trades = 0;
      for (const l of demo('sleeper'))
        for (let round = 1; round <= 18; round++) {
          const body = await answer(`${base}/league/${l.id}/transactions/${round}`);
          trades += body.length;
          if (body.length > 0) conforms(body, recs, { maps: ['$[].adds', '$[].drops'] });
        }
      expect(trades).toBeGreaterThan(0);
    } finally {
      control.reset();
    }
  });

  it('state', async () => {
    conforms(await answer(`${base}/state/nfl`), [json(`${RR}nfl_state.json`)]);
  });

  it('players map (team defenses carry fewer fields, as on Sleeper)', async () => {
    const all = await answer(`${base}/players/nfl`);
    const rec = [json('sleeper/dmethi__gauntlet-website/apps/web/data/players-sample.json')];
    const defs = Object.fromEntries(Object.entries(all).filter(([k]) => /^[A-Z]+$/.test(k)));
    const people = Object.fromEntries(Object.entries(all).filter(([k]) => !/^[A-Z]+$/.test(k)));
    expect(Object.keys(defs)).toHaveLength(32);
    conforms(people, rec, { maps: ['$', '$.*.metadata'] });
    conforms(defs, rec, { maps: ['$'], noRequired: true });
  });
});

describe('Fleaflicker contract', () => {
  const base = '/flea/api';
  // Protobuf JSON leaves zeros out: no postseason games means no `losses` (nor rank before any game).
  const teamOptional = ['.recordOverall.rank', '.recordPostseason.rank', '.recordPostseason.losses'];
  /** Teams appear in user leagues and rosters alike; the rosters recording is of a league yet to play. */
  const teamSamples = () =>
    json(`${FL}FetchUserLeagues-38253e.json`).leagues.map((l: { ownedTeam: unknown }) => ({
      rosters: [{ team: l.ownedTeam, players: [] }],
    }));

  it('FetchUserLeagues', async () => {
    const rec = json(`${FL}FetchUserLeagues-38253e.json`);
    const ours = await answer(`${base}/FetchUserLeagues?email=demo@dynasty.test&sport=NFL`);
    expect(ours.leagues).toHaveLength(5);
    conforms(ours, [rec], { optional: teamOptional.map((p) => `$.leagues[].ownedTeam${p}`) });
  });

  it('FetchLeagueRosters with Sportradar ids', async () => {
    const rec = json(`${FL}FetchLeagueRosters-e56db7.json`);
    const optional = [
      // Documented optional: free agents have no bye week, and a few players lack a Sportradar id.
      '$.rosters[].players[].proPlayer.externalIds',
      '$.rosters[].players[].proPlayer.nflByeWeek',
      // Only locked players carry these (protobuf leaves empty values out).
      '$.rosters[].players[].transactionStatus.locked',
      '$.rosters[].players[].transactionStatus.isLineupStatusLocked',
      ...teamOptional.map((p) => `$.rosters[].team${p}`),
    ];
    for (const l of demo('flea')) {
      conforms(
        await answer(`${base}/FetchLeagueRosters?sport=NFL&external_id_type=SPORTRADAR&league_id=${l.id}`),
        [rec, ...teamSamples()],
        {
          optional,
        },
      );
    }
  });

  it('FetchLeagueRules', async () => {
    const recs = [json(`${FL}FetchLeagueRules-43d23d.json`), json(`${FL}FetchLeagueRules-3bb53c.json`)];
    for (const l of demo('flea'))
      conforms(await answer(`${base}/FetchLeagueRules?sport=NFL&league_id=${l.id}`), recs);
  });

  it('FetchPlayerListing', async () => {
    const rec = json(`${FL}FetchPlayerListing-5c98a2.json`);
    const optional = [
      '$.players[].proPlayer.externalIds',
      '$.players[].proPlayer.nflByeWeek',
      '$.players[].proPlayer.headshotUrl',
      '$.players[].transactionStatus.locked',
      '$.players[].transactionStatus.isLineupStatusLocked',
      // The recording lists leagues with offense only.
      '$.eligibleFilterPositions',
      // Zero points are left out (protobuf), and games not yet played show only "—".
      '$.players[].viewingActualPoints.value',
      '$.players[].lastX[].value.value',
    ];
    const l = demo('flea')[0];
    conforms(
      await answer(
        `${base}/FetchPlayerListing?sport=NFL&league_id=${l.id}&external_id_type=SPORTRADAR&result_offset=0`,
      ),
      [rec],
      {
        optional,
        extra: ['$.players[].proPlayer.isRookie', '$.players[].proPlayer.injury'],
      },
    );
  });

  it('FetchTrades: executed trades', async () => {
    const rec = json('flea/ffverse__ffscrapr/tests/testthat/flea/api/FetchTrades-b3c137.json');
    control.setClock({ now: world.calendar.seasonEndsAt() });
    try {
      let trades = 0;
      for (const l of demo('flea')) {
        const body = await answer(
          `${base}/FetchTrades?sport=NFL&league_id=${l.id}&filter=TRADES_COMPLETED&result_offset=0`,
        );
        trades += body.trades.length;
        // Zero points are left out, as on the roster.
        const optional = ['viewingProjectedPoints', 'seasonTotal', 'seasonAverage'].map(
          (k) => `$.trades[].teams[].playersObtained[].${k}.value`,
        );
        // Picks Fleaflicker documents (DraftPick) but the recording's trades had none.
        conforms(body, [rec], { optional, extra: ['$.trades[].teams[].picksObtained'] });
      }
      expect(trades).toBeGreaterThan(0);
    } finally {
      control.reset();
    }
  });

  it('FetchRoster', async () => {
    const rec = json('flea/pete-builds__mcp-fleaflicker/tests/fixtures/roster.json');
    const optional = [
      '$.groups[].slots[].leaguePlayer.proPlayer.news',
      '$.groups[].slots[].leaguePlayer',
      // Free agents have no bye week; zero points are left out.
      '$.groups[].slots[].leaguePlayer.proPlayer.nflByeWeek',
      '$.groups[].slots[].leaguePlayer.seasonTotal.value',
      '$.groups[].slots[].leaguePlayer.seasonAverage.value',
    ];
    for (const l of demo('flea')) {
      const team = world.teamOf(l, world.demo.flea)!;
      // The recording was trimmed by its author to a few proPlayer fields, so extra proPlayer keys are expected.
      const ours = await answer(`${base}/FetchRoster?sport=NFL&league_id=${l.id}&team_id=${team.id}`);
      for (const g of ours.groups)
        for (const s of g.slots)
          if (s.leaguePlayer) s.leaguePlayer.proPlayer = trimProPlayer(s.leaguePlayer.proPlayer);
      // The listing recording shows these colours; the trimmed roster capture dropped them.
      const extra = ['rankFantasy', 'rankDraft'].map(
        (r) => `$.groups[].slots[].leaguePlayer.${r}.positions[].position.colors`,
      );
      conforms(ours, [rec], { optional, extra });
    }
  });
});

describe('ESPN contract', () => {
  const ES = 'espn/';
  const CW = `${ES}cwendt94__espn-api/tests/football/unit/data/`;
  const CP = `${ES}ChadPapineau__espn-fantasy-football-mcp/fixtures/espn/recorded/`;
  const { swid, espnS2 } = DEMO_ACCOUNTS.demo.espn;
  const cookies = `SWID=${swid}; espn_s2=${espnS2}`;
  const leagueUrl = (id: string, query = '') =>
    `/espn/apis/v3/games/ffl/seasons/2026/segments/0/leagues/${id}${query}`;
  const call = async (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'sim.test', cookie: cookies, ...headers } });
  const ok = async (url: string, headers: Record<string, string> = {}) => {
    const res = await call(url, headers);
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  // Keys whose object keys are data: dates, week numbers, slot and position ids.
  const maps = [
    '$.status.waiverProcessStatus',
    '$.settings.scheduleSettings.matchupPeriods',
    '$.settings.rosterSettings.lineupSlotCounts',
    '$.settings.rosterSettings.positionLimits',
    '$.settings.scoringSettings.scoringItems[].pointsOverrides',
    '$.teams[].transactionCounter.matchupAcquisitionTotals',
  ];
  /** The recorded rosters (a 2021 scoreboard's rosterForCurrentScoringPeriod) as mRoster's teams carry them. */
  const rosterSample = () => {
    const board = json(
      `${ES}scottsauber__espn-fantasy-football-analyzer/src/EspnFantasyFootballAnalyzer.Core.Tests/Awards/test.json`,
    );
    const teams = board.schedule
      .flatMap((m: Record<string, { teamId: number; rosterForCurrentScoringPeriod?: unknown }>) => [
        m.home,
        m.away,
      ])
      .filter(
        (side: { rosterForCurrentScoringPeriod?: unknown } | undefined) =>
          side?.rosterForCurrentScoringPeriod,
      )
      .map((side: { teamId: number; rosterForCurrentScoringPeriod: unknown }) => ({
        id: side.teamId,
        roster: side.rosterForCurrentScoringPeriod,
      }));
    const { schedule: _s, settings: _t, teams: _u, ...base } = board;
    return { ...base, teams };
  };
  // ESPN's per-player stat lines are not simulated; the recorded roster always carries them.
  const noStats = ['$.teams[].roster.entries[].playerPoolEntry.player.stats'];

  it('the bare league (no view): members, teams in brief, name, short status', async () => {
    const rec = [json(`${CW}league_2018.json`)];
    for (const l of demo('espn')) {
      const ours = await ok(leagueUrl(l.id));
      espnLeagueSchema.parse(ours);
      conforms(ours, rec);
    }
  });

  it('view=mTeam, view=mRoster, view=mSettings, each alone and together', async () => {
    const team = json(`${CW}league_team_2018.json`);
    const settings = json(`${CP}league-a/mSettings.json`);
    const roster = rosterSample();
    for (const l of demo('espn')) {
      const t = await ok(leagueUrl(l.id, '?view=mTeam'));
      conforms(t, [team, settings], { maps });
      const r = await ok(leagueUrl(l.id, '?view=mRoster&scoringPeriodId=3'));
      // The 2021 scoreboard predates the status's waiverNextExecutionDate, which the 2026 recording has.
      conforms(r, [roster], { maps, optional: noStats, extra: ['$.status.waiverNextExecutionDate'] });
      const s = await ok(leagueUrl(l.id, '?view=mSettings'));
      conforms(s, [settings], { maps });
      const all = await ok(leagueUrl(l.id, '?view=mTeam&view=mRoster&view=mSettings'));
      conforms(all, [team, settings, roster], { maps, optional: noStats });
      for (const body of [t, r, s, all]) espnLeagueSchema.parse(body);
      expect(all.teams.every((x: { roster?: unknown; owners?: unknown }) => x.roster && x.owners)).toBe(true);
    }
  });

  it('kona_player_info: free agents by slot, and everyone most owned first', async () => {
    const rec = [
      json(`${ES}ffverse__ffscrapr/tests/testthat/espn/seasons/2020/segments/0/leagues/1178049-8cf1b0.json`),
    ];
    // Stat lines, rankings, ratings and outlooks are ESPN's editorial data, not simulated.
    const optional = ['stats', 'rankings', 'draftRanksByRankType', 'outlooks', 'seasonOutlook'].map(
      (k) => `$.players[].player.${k}`,
    );
    // ESPN's matchup ratings; the recorded 2018 free-agent answer has no positionAgainstOpponent either.
    optional.push('$.players[].ratings', '$.positionAgainstOpponent');
    const l = demo('espn')[0];
    const free = JSON.stringify({
      players: {
        filterStatus: { value: ['FREEAGENT', 'WAIVERS'] },
        filterSlotIds: { value: [2] },
        limit: 50,
        sortPercOwned: { sortPriority: 1, sortAsc: false },
      },
    });
    const top = JSON.stringify({ players: { limit: 3, sortPercOwned: { sortPriority: 1, sortAsc: false } } });
    for (const filter of [free, top]) {
      const ours = await ok(leagueUrl(l.id, '?view=kona_player_info&scoringPeriodId=11'), {
        'x-fantasy-filter': filter,
      });
      expect(ours.players.length).toBeGreaterThan(0);
      espnPlayerInfoSchema.parse(ours);
      conforms(ours, rec, { optional });
    }
  });

  it('the NFL pro schedule', async () => {
    const ours = await ok('/espn/apis/v3/games/ffl/seasons/2026?view=proTeamSchedules_wl');
    espnProScheduleSchema.parse(ours);
    conforms(ours, [json(`${CW}pro_schedule_2024.json`)], {
      maps: [
        '$.settings.proTeams[].proGamesByScoringPeriod',
        '$.settings.proTeams[].teamPlayersByPosition',
        '$.settings.statIdToOverridePosition',
      ],
      // ESPN's list of its own enumerations; nothing reads it.
      optional: ['$.settings.typeNames'],
    });
  });

  it('errors: unknown league 404, private league 401, a limit without a sort 400, as recorded', async () => {
    const notFound = await call(leagueUrl('1', '?view=mSettings'));
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual(json(`${CP}errors/404-league-not-found.json`));
    const privateLeague = demo('espn').find((l) => !l.isPublic)!;
    const refused = await app.inject({ method: 'GET', url: leagueUrl(privateLeague.id, '?view=mTeam') });
    expect(refused.statusCode).toBe(401);
    espnErrorSchema.parse(refused.json());
    conforms(refused.json(), [json(`${CP}errors/401-communication-not-visible.json`)]);
    expect(refused.json().details[0].type).toBe('AUTH_LEAGUE_NOT_VISIBLE');
    const unsorted = await call(leagueUrl(privateLeague.id, '?view=kona_player_info'), {
      'x-fantasy-filter': '{"players":{"limit":5}}',
    });
    expect(unsorted.statusCode).toBe(400);
    expect(unsorted.json()).toEqual(json(`${CP}errors/400-limit-missing-sort.json`));
  });
});

function trimProPlayer(p: Record<string, unknown>) {
  const keep = [
    'id',
    'nameFull',
    'nameShort',
    'proTeamAbbreviation',
    'position',
    'nflByeWeek',
    'nameFirst',
    'nameLast',
    'percentOwnedRatio',
  ];
  return Object.fromEntries(Object.entries(p).filter(([k]) => keep.includes(k)));
}
