import { describe, expect, it } from 'vitest';
import { espnTeamUrl } from '#common/espn.ts';
import { injuryOf } from '#common/rostership-rows.ts';
import { memoryCache } from '#server/cache.ts';
import { encodeEspnConnection } from '#server/leagues/espn/connection.ts';
import type { EspnPlayer } from '#server/leagues/espn/schemas.ts';
import { normaliseName } from '#server/leagues/player-names.ts';
import { joinPlayers } from '#server/leagues/players.ts';
import { createLeagueServices } from '#server/leagues/services.ts';
import { sleeperPlayerSchema } from '#server/leagues/sleeper/schemas.ts';
import { fixtureJson, fixtureText } from '#test/league-fixtures.ts';
import { espnWeek } from './my-week/leagues.ts';
import { espnPlayerStatus } from './player-status/leagues.ts';
import { espnTeam } from './rostership/teams.ts';
import { espnIdentity, identityIndex } from './shared/identity.ts';

/*
 * The ESPN readers of Rostership, My week and the Status Checker on ESPN's recorded answers, with
 * every other service unreachable; and the identity join's ESPN ids against ESPN's own player index.
 */

const scoreboardFile =
  'scottsauber__espn-fantasy-football-analyzer/src/EspnFantasyFootballAnalyzer.Core.Tests/Awards/test.json';
const playerInfoFile =
  'ffverse__ffscrapr/tests/testthat/espn/seasons/2020/segments/0/leagues/1178049-8cf1b0.json';

interface RecordedEntry {
  playerId: number;
  lineupSlotId: number;
  playerPoolEntry: { player: EspnPlayer & { injuryStatus?: string } };
}
interface Scoreboard {
  id: number;
  seasonId: number;
  scoringPeriodId: number;
  teams: { id: number; location?: string; nickname?: string }[];
  schedule: { home: Side; away?: Side }[];
}
interface Side {
  teamId: number;
  rosterForCurrentScoringPeriod?: { entries: RecordedEntry[] };
}

/*
 * League 902814's week 3 (2021) as ESPN's scoreboard recorded it: all twelve teams' lineups. ESPN's
 * mRoster view carries the same entries under teams[].roster; the lineup slots are the ones the
 * recording's lineups fill (QB, RB 2, WR 2, TE, FLEX 2, D/ST, bench 5, IR).
 */
const scoreboard = fixtureJson('espn', scoreboardFile) as Scoreboard;
const sides = scoreboard.schedule.flatMap((r) => [r.home, ...(r.away ? [r.away] : [])]);
const rosters = new Map(
  sides.flatMap((s) =>
    s.rosterForCurrentScoringPeriod ? [[s.teamId, s.rosterForCurrentScoringPeriod.entries]] : [],
  ),
);
const leagueAnswer = JSON.stringify({
  id: scoreboard.id,
  seasonId: scoreboard.seasonId,
  scoringPeriodId: scoreboard.scoringPeriodId,
  teams: scoreboard.teams.map((t) => ({ ...t, roster: { entries: rosters.get(t.id) ?? [] } })),
  settings: {
    rosterSettings: { lineupSlotCounts: { 0: 1, 2: 2, 4: 2, 6: 1, 23: 2, 16: 1, 20: 5, 21: 1, 17: 0 } },
  },
});

/** The app's league services with ESPN answering from the recordings and MFL, Sleeper and Fleaflicker unreachable. */
function servicesOnRecordings() {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    asked.push(url.href);
    if (url.host !== 'espn.test') throw new TypeError('fetch failed: unreachable');
    const views = url.searchParams.getAll('view');
    const body = views.includes('kona_player_info') ? fixtureText('espn', playerInfoFile) : leagueAnswer;
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const unreachable = 'http://unreachable.test';
  const quick = { attempts: 1, breakAfter: 1000, requestsPerSecond: 1000, burst: 100 };
  const services = createLeagueServices({
    mflApiUrl: unreachable,
    sleeperApiUrl: unreachable,
    fleaApiUrl: unreachable,
    espnApiUrl: 'https://espn.test',
    espnFanApiUrl: 'https://espn.test/fan',
    userAgent: 'dynasty-test/1.0',
    cache: memoryCache(),
    fetch,
    limits: { mfl: quick, sleeper: quick, flea: quick, espn: quick },
  });
  return { services, asked };
}

const credential = encodeEspnConnection({
  leagues: [{ league_id: '902814', team_id: '1' }],
  label: 'ESPN: 1 league',
});
const ref = { league_id: '902814', team_id: '1' };
const teamOne = rosters.get(1)!;

describe('the ESPN readers on the recorded league', () => {
  it('Rostership: the team’s players, starters and injuries in the site’s words', async () => {
    const { services, asked } = servicesOnRecordings();
    const read = await espnTeam({ services }, ref, credential);
    expect(read.entries).toHaveLength(teamOne.length);
    const starters = read.entries.filter((e) => e.isStarter).map((e) => e.player.name);
    expect(starters).toHaveLength(
      teamOne.filter((e) => e.lineupSlotId !== 20 && e.lineupSlotId !== 21).length,
    );
    expect(starters).toContain('Austin Ekeler');
    const ekeler = read.entries.find((e) => e.player.name === 'Austin Ekeler')!;
    expect(ekeler.player).toMatchObject({
      id: 'espn:3068267',
      espn_id: '3068267',
      position: 'RB',
      team: 'LAC',
    });
    // Every recorded injury word of the league reads into the site's one vocabulary.
    const words = new Set(
      [...rosters.values()].flat().map((e) => e.playerPoolEntry.player.injuryStatus ?? 'ACTIVE'),
    );
    expect([...words].sort()).toEqual(['ACTIVE', 'INJURY_RESERVE', 'OUT', 'QUESTIONABLE']);
    expect(read.missing).toEqual([]);
    expect(asked.every((u) => u.startsWith('https://espn.test/'))).toBe(true);
  });

  it('Rostership: counts every team of the league with injuries mapped (OUT and IR are out)', async () => {
    const { services } = servicesOnRecordings();
    let out = 0;
    for (const id of rosters.keys()) {
      const read = await espnTeam({ services }, { league_id: '902814', team_id: String(id) }, credential);
      out += read.entries.filter((e) => injuryOf(e.injury).isOut).length;
    }
    const recordedOut = [...rosters.values()]
      .flat()
      .filter((e) => ['OUT', 'INJURY_RESERVE'].includes(e.playerPoolEntry.player.injuryStatus ?? '')).length;
    expect(out).toBe(recordedOut);
    expect(out).toBeGreaterThan(0);
  });

  it('says plainly when the league has no such team', async () => {
    const { services } = servicesOnRecordings();
    await expect(espnTeam({ services }, { league_id: '902814', team_id: '99' }, credential)).rejects.toThrow(
      'ESPN has no such team in this league',
    );
  });

  it('My week: starters with their status, empty slots, and free agents from ESPN', async () => {
    const { services } = servicesOnRecordings();
    const read = await espnWeek({ services, week: 3 }, ref, credential);
    expect(read.starters.map((s) => s.player.name)).toContain('Austin Ekeler');
    expect(read.starters).toHaveLength(
      teamOne.filter((e) => e.lineupSlotId !== 20 && e.lineupSlotId !== 21).length,
    );
    const filled = teamOne.filter((e) => ![20, 21].includes(e.lineupSlotId)).length;
    // Nine starting slots: QB, RB 2, WR 2, TE, FLEX 2, D/ST.
    expect(read.emptySlots).toHaveLength(9 - filled);
    expect(read.freeAgents?.map((p) => p.name)).toEqual([
      'Davante Adams',
      'Derrick Henry',
      'DeAndre Hopkins',
    ]);
    expect(read.teams).toHaveLength(teamOne.length);
  });

  it('Status Checker: mine and starting, another team’s, or a free agent with ESPN’s add page', async () => {
    const { services } = servicesOnRecordings();
    const status = (p: { name: string; position: string; team: string; espn_id?: string }) =>
      espnPlayerStatus(services, ref, { id: 'x', ...p }, credential);
    expect(await status({ name: 'Austin Ekeler', position: 'RB', team: 'LAC', espn_id: '3068267' })).toEqual({
      status: 'Mine',
      mine: true,
      starter: true,
    });
    const other = [...rosters.entries()].find(([id]) => id !== 1)!;
    const theirs = other[1][0]!;
    const team = scoreboard.teams.find((t) => t.id === other[0])!;
    expect(
      await status({
        name: theirs.playerPoolEntry.player.fullName,
        position: 'RB',
        team: 'FA',
        espn_id: String(theirs.playerId),
      }),
    ).toMatchObject({ status: `${team.location} ${team.nickname}` });
    expect(await status({ name: 'Nobody Here', position: 'WR', team: 'FA', espn_id: '1' })).toEqual({
      status: 'FA',
      addDropUrl: 'https://fantasy.espn.com/football/players/add?leagueId=902814',
    });
  });

  it('the team page a league line links to', () => {
    expect(espnTeamUrl('902814', '1')).toBe(
      'https://fantasy.espn.com/football/team?leagueId=902814&teamId=1',
    );
  });
});

describe('ESPN ids in the identity join, on the recorded player lists', () => {
  const mfl = (
    fixtureJson('mfl', 'dynastyprocess__ffscrapr-tests/mfl/2020/export-e54ca1.json') as {
      players: { player: Parameters<typeof joinPlayers>[0]['mfl'] };
    }
  ).players.player;
  // Read as the Sleeper client reads it (its ids come as numbers or strings).
  const sleeper = Object.values(
    fixtureJson('sleeper', 'dmethi__gauntlet-website/apps/web/data/players-sample.json') as Record<
      string,
      unknown
    >,
  ).map((p) => sleeperPlayerSchema.parse(p));
  const espnPlayers = fixtureJson(
    'espn',
    'cwendt94__espn-api/tests/football/unit/data/league_players_2018.json',
  ) as EspnPlayer[];
  const index = identityIndex(joinPlayers({ mfl, sleeper, flea: [] }));

  /** The surname's parts ("Robey-Coleman": robey, coleman): the same person keeps one of them. */
  const surnames = (name: string) =>
    new Set(normaliseName(name.split(' ').slice(1).join(' ')).split(' ').filter(Boolean));
  const samePerson = (a: string, b: string) => [...surnames(a)].some((part) => surnames(b).has(part));

  it('links hundreds of ESPN players by id, and none to someone else (first-name forms aside)', () => {
    const linked = espnPlayers.filter((p) => index.byEspn.has(String(p.id)));
    const listedName = (p: EspnPlayer) => index.byEspn.get(String(p.id))!.name;
    // "Tank Carradine" is the lists' "Cornellius Carradine": a first name's form may differ, the surname not.
    const wrong = linked.filter((p) => !samePerson(listedName(p), p.fullName));
    const otherForm = linked.filter((p) => normaliseName(listedName(p)) !== normaliseName(p.fullName));
    expect(otherForm.length).toBeLessThan(linked.length / 50);
    expect(linked.length).toBeGreaterThan(800);
    expect(wrong.map((p) => `${p.id} ${p.fullName} ≠ ${index.byEspn.get(String(p.id))!.name}`)).toEqual([]);
  });

  it('names an ESPN player the lists lack by ESPN’s own answer, never by a namesake with another ESPN id', () => {
    const linked = espnPlayers.find((p) => index.byEspn.has(String(p.id)))!;
    const stranger = { ...linked, id: 999_999_999 };
    const identity = espnIdentity(index, stranger.id, stranger);
    expect(identity.id).toBe('espn:999999999');
    expect(identity.name).toBe(linked.fullName);
  });
});
