import { describe, expect, it } from 'vitest';
import { fixtureFiles, fixtureJson, fixtureText } from '#test/league-fixtures.ts';
import { LeagueServiceError } from '../errors.ts';
import { checkBody, isRecord, parseLoginXml } from './parse.ts';
import {
  readAdp,
  readFreeAgents,
  readInjuries,
  readLeague,
  readMyLeagues,
  readNflSchedule,
  readPlayerStatuses,
  readPlayers,
  readRosters,
  readTrades,
  readWeeklyResults,
} from './schemas.ts';

const ffscrapr = 'dynastyprocess__ffscrapr-tests/mfl/2020';
const tilted = 'tiltedwindmills__mfl-api/src/test/resources/exports';
const braven = 'braven112__mfl.football.v2/data/theleague/mfl-feeds/2025';

/** Reads a recorded answer with the reader its export type calls for (the type is its top member). */
function readAny(body: unknown): unknown {
  const b = checkBody(body);
  if ('leagues' in b) return readMyLeagues(b);
  if ('league' in b) return readLeague(b);
  if ('rosters' in b) return readRosters(b);
  if ('players' in b) return readPlayers(b);
  if ('injuries' in b) return readInjuries(b);
  if ('weeklyResults' in b) return readWeeklyResults(b);
  if ('nflSchedule' in b) return readNflSchedule(b);
  if ('playerStatus' in b || 'playerStatuses' in b) return readPlayerStatuses(b);
  if ('freeAgents' in b) return readFreeAgents(b);
  if ('adp' in b) return readAdp(b);
  if ('transactions' in b) return readTrades(b);
  // The fantasy schedule export is recorded but not read by the app; the envelope must still check.
  if ('schedule' in b) return b.schedule;
  throw new Error(`no reader for ${Object.keys(b).join(',')}`);
}

describe('every recorded MFL answer', () => {
  const files = fixtureFiles('mfl');

  it('is all there', () => {
    expect(files).toHaveLength(23);
  });

  it.each(files)('%s reads, or throws MFL own error text', (file) => {
    if (file.endsWith('.xml')) {
      expect(parseLoginXml(fixtureText('mfl', file))).toEqual({ ok: true, cookie: 'REDACTED' });
      return;
    }
    const body = fixtureJson('mfl', file);
    if (isRecord(body) && 'error' in body) {
      const expected = (body.error as { $t: string }).$t;
      expect(() => readAny(body)).toThrow(LeagueServiceError);
      expect(() => readAny(body)).toThrow(expected);
      return;
    }
    expect(readAny(body)).toBeTruthy();
  });
});

describe('MFL readers on recorded answers', () => {
  it('myleagues with one league (collapsed to an object) is a list of one', () => {
    expect(readMyLeagues(fixtureJson('mfl', `${ffscrapr}/export-7ad747.json`))).toEqual([
      {
        league_id: '21499',
        name: 'testestest',
        url: 'https://www70.myfantasyleague.com/2020/home/21499',
        franchise_id: '0001',
        franchise_name: 'Franchise 1',
      },
    ]);
  });

  it('league settings: best ball, ranges, franchises, history', () => {
    const dlf = readLeague(fixtureJson('mfl', `${ffscrapr}/export-d4f576.json`));
    expect(dlf).toMatchObject({
      id: '37920',
      bestLineup: true,
      baseURL: 'https://www57.myfantasyleague.com',
    });
    expect(dlf.startersCount).toBe('9');
    expect(dlf.starters).toContainEqual({ name: 'RB', limit: '1-5' });
    expect(dlf.franchises[0]).toMatchObject({ id: '0001', name: '@dibari22' });
    expect(dlf.franchises).toHaveLength(16);
    expect(dlf.history.some((h) => h.year === '2006')).toBe(true);

    const sfbx = readLeague(fixtureJson('mfl', `${ffscrapr}/export-53ace0.json`));
    expect(sfbx.bestLineup).toBe(false);
    expect(sfbx.starters).toContainEqual({ name: 'QB', limit: '1-2' });
  });

  it('rosters keep ids with leading zeros and statuses', () => {
    const rosters = readRosters(fixtureJson('mfl', `${ffscrapr}/export-ccd01d.json`));
    expect(rosters[0].id).toBe('0001');
    expect(rosters.every((r) => r.players.length > 0)).toBe(true);
    const statuses = new Set(rosters.flatMap((r) => r.players.map((p) => p.status)));
    expect(statuses).toContain('INJURED_RESERVE');
    expect(readRosters(fixtureJson('mfl', `${ffscrapr}/export-f7a647.json`))[0].week).toBe('2');
  });

  it('the player database keeps external ids and team unit ids', () => {
    const { players, timestamp } = readPlayers(fixtureJson('mfl', `${ffscrapr}/export-e54ca1.json`));
    expect(players).toHaveLength(2716);
    expect(timestamp).toBe('-1');
    expect(players[0]).toMatchObject({ id: '0151', name: 'Bills, Buffalo', position: 'TMWR', team: 'BUF' });
    const brady = players.find((p) => p.name === 'Brady, Tom');
    expect(brady).toMatchObject({ position: 'QB', team: 'TBB', fleaflicker_id: '309', draft_year: '2000' });
    expect(brady?.sportsdata_id).toBe('41c44740-d0f6-44ab-8347-3b5d515e5ecf');
    // Members MFL left out are not kept as undefined (the database is cached for a day).
    expect(players.every((p) => Object.values(p).every((v) => v !== undefined))).toBe(true);
  });

  it('injuries: a week with a report, and one without', () => {
    const report = readInjuries(fixtureJson('mfl', 'danabrey__mfl-api/tests/_data/injuries/injuries.json'));
    expect(report.week).toBe(3);
    expect(report.injuries[0]).toEqual({
      id: '10267',
      status: 'IR',
      details: 'Ankle',
      exp_return: 'Dec 20, 2020',
    });
    const none = readInjuries(fixtureJson('mfl', `${tilted}/injuries/invalid-week.json`));
    expect(none).toEqual({ week: 23, timestamp: undefined, injuries: [] });
  });

  it('weekly results: starters, trailing commas, missing scores', () => {
    const results = readWeeklyResults(fixtureJson('mfl', `${ffscrapr}/export-d275ab.json`));
    expect(results.week).toBe(1);
    expect(results.matchups).toHaveLength(16);
    const first = results.franchises[0];
    expect(first).toMatchObject({ id: '0013', score: 152.8, result: 'W', isHome: false });
    expect(first.starters).toHaveLength(9);
    expect(first.starters[0]).toBe('14056');
    expect(first.comments).toBe('Best Starting Lineup Assigned By System');
    expect(first.players.find((p) => p.id === '14840')).toEqual({
      id: '14840',
      score: null,
      status: 'nonstarter',
      shouldStart: false,
    });
  });

  it('NFL schedule: finished week, and the off-season week 0', () => {
    const week = readNflSchedule(fixtureJson('mfl', `${tilted}/nflSchedule/completed-week.json`));
    expect(week.week).toBe(1);
    expect(week.games.length).toBeGreaterThan(10);
    expect(week.games[0]).toMatchObject({ kickoff: 1409877000, gameSecondsRemaining: 0 });
    expect(week.games[0].teams[0]).toMatchObject({ id: 'GBP', isHome: false, score: 16 });
    expect(readNflSchedule(fixtureJson('mfl', `${tilted}/nflSchedule/no-week-provided.json`))).toEqual({
      week: 0,
      games: [],
    });
  });

  it('player status: one player collapsed, several listed', () => {
    expect(readPlayerStatuses(fixtureJson('mfl', `${tilted}/playerStatus/single-player.json`))).toEqual([
      { id: '11192', status: 'New Orleans Saints - NS' },
    ]);
    const several = readPlayerStatuses(fixtureJson('mfl', `${tilted}/playerStatus/multiple-players.json`));
    expect(several.map((s) => s.status)).toEqual([
      'Carolina Panthers',
      'New Orleans Saints - NS',
      'Free Agent',
      'League Does Not Use This Position',
    ]);
  });

  it('free agents of the league unit', () => {
    const agents = readFreeAgents(fixtureJson('mfl', `${tilted}/freeAgents/free-agents.json`));
    expect(agents.length).toBeGreaterThan(100);
    expect(agents[0]).toEqual({ id: '10541', unit: 'LEAGUE', status: undefined, salary: undefined });
  });

  it('aggregate ADP: every value a string on the wire, numbers once read', () => {
    const adp = readAdp(fixtureJson('mfl', `${braven}/adp-redraft.json`));
    expect(adp).toMatchObject({ timestamp: 1771743829, totalDrafts: 6227, totalPicks: 1304 });
    expect(adp.players).toHaveLength(362);
    expect(adp.players[0]).toEqual({
      id: '15281',
      rank: 1,
      averagePick: 2.63,
      minPick: 1,
      maxPick: 90,
      draftsSelectedIn: 2193,
      draftSelPct: 35,
    });
    // MFL's share is the whole percent below: 324 of 6227 drafts is 5.2 %, sent as "5".
    const last = adp.players.at(-1)!;
    expect(last).toMatchObject({ id: '10700', rank: 362, averagePick: 220.58, draftsSelectedIn: 334 });
    for (const p of adp.players)
      expect(p.draftSelPct).toBe(Math.floor((p.draftsSelectedIn! / adp.totalDrafts) * 100));
    // Ranked by average pick; none under MFL's default CUTOFF of 5 %.
    const picks = adp.players.map((p) => p.averagePick!);
    expect(picks).toEqual([...picks].sort((a, b) => a - b));
    expect(Math.min(...adp.players.map((p) => p.draftSelPct!))).toBe(5);
  });

  it('aggregate ADP with one player (collapsed to an object) is a list of one', () => {
    const adp = readAdp(fixtureJson('mfl', `${braven}/adp-redraft.single-player.derived.json`));
    expect(adp).toEqual({
      timestamp: 1771743829,
      totalDrafts: 6227,
      totalPicks: 1304,
      players: [
        {
          id: '15281',
          rank: 1,
          averagePick: 2.63,
          minPick: 1,
          maxPick: 90,
          draftsSelectedIn: 2193,
          draftSelPct: 35,
        },
      ],
    });
  });

  it('aggregate ADP with no player at all is an empty list, and MFL refusal throws its words', () => {
    const empty = {
      version: '1.0',
      adp: { totalDrafts: '0', totalPicks: '0', timestamp: '1' },
      encoding: 'utf-8',
    };
    expect(readAdp(empty).players).toEqual([]);
    const refused = { version: '1.0', error: { $t: 'Invalid value for IS_KEEPER' }, encoding: 'utf-8' };
    expect(() => readAdp(refused)).toThrow('Invalid value for IS_KEEPER');
  });

  it('a league-host request for an api-host export throws MFL text', () => {
    const body = fixtureJson(
      'mfl',
      'keithcreelman__upsmflproduction/data/mfl-snapshots/2026-04-30/injuries.json',
    );
    expect(() => readInjuries(body)).toThrow(
      'Invalid request. This API request must go to api.myfantasyleague.com',
    );
  });
});
