import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureJson } from '#test/league-fixtures.ts';
import type { FleaProPlayer } from './flea/schemas.ts';
import { fleaLeagueRostersSchema } from './flea/schemas.ts';
import { type MflPlayer, readPlayers } from './mfl/schemas.ts';
import { mflDisplayName, mflPosition, normaliseName, normaliseTeam, positionFamily } from './player-names.ts';
import { joinPlayers, type PlayerIdentity } from './players.ts';
import { readPlayerMap } from './sleeper/client.ts';
import type { SleeperPlayer } from './sleeper/schemas.ts';

describe('player names, teams and positions', () => {
  it('turns MFL "Last, First" around', () => {
    expect(mflDisplayName('Brady, Tom')).toBe('Tom Brady');
    expect(mflDisplayName('St. Brown, Amon-Ra')).toBe('Amon-Ra St. Brown');
    expect(mflDisplayName('Bills, Buffalo')).toBe('Buffalo Bills');
    expect(mflDisplayName('Cher')).toBe('Cher');
  });

  it('normalises names for matching only', () => {
    expect(normaliseName('C.J. Mosley')).toBe(normaliseName('CJ Mosley'));
    expect(normaliseName("Le'Veon Bell")).toBe('leveon bell');
    expect(normaliseName('Odell Beckham Jr.')).toBe('odell beckham');
    expect(normaliseName('Marvin Jones III')).toBe('marvin jones');
    expect(normaliseName('Amon-Ra St. Brown')).toBe('amon ra st brown');
    expect(normaliseName('José Ramírez')).toBe('jose ramirez');
  });

  it('brings team codes to the standard ones', () => {
    expect(['GBP', 'JAC', 'KCC', 'LVR', 'NEP', 'NOS', 'SFO', 'TBB'].map(normaliseTeam)).toEqual([
      'GB',
      'JAX',
      'KC',
      'LV',
      'NE',
      'NO',
      'SF',
      'TB',
    ]);
    expect(normaliseTeam(null)).toBe('FA');
    expect(normaliseTeam('fa')).toBe('FA');
    expect(normaliseTeam('DAL')).toBe('DAL');
  });

  it('reads a placeholder for "none" as no team and no position, never as a code', () => {
    for (const none of ['NA', 'na', 'N/A', '--', '?', 'null', ' '])
      expect([normaliseTeam(none), mflPosition(none)], none).toEqual(['FA', '']);
    // Sleeper without a position names the player's fantasy positions instead.
    expect(mflPosition(null, ['LB', 'DB'])).toBe('LB');
    expect(mflPosition('NA', ['NA', 'DB'])).toBe('DB');
    expect(mflPosition('EDGE')).toBe('DE');
    expect(positionFamily('EDGE')).toBe(positionFamily('DE'));
  });

  it('uses MFL position codes and broad groups for matching', () => {
    expect(mflPosition('K')).toBe('PK');
    expect(mflPosition('DEF')).toBe('Def');
    expect(mflPosition('D/ST')).toBe('Def');
    expect(mflPosition('RB/WR')).toBe('RB');
    expect(mflPosition('FS')).toBe('S');
    expect(positionFamily('DE')).toBe(positionFamily('EDR'));
    expect(positionFamily('DT')).toBe(positionFamily('DL'));
    expect(positionFamily('CB')).toBe(positionFamily('SS'));
    expect(positionFamily('Def')).toBe('DEF');
    expect(positionFamily('OL')).toBeUndefined();
    expect(positionFamily('TMQB')).toBeUndefined();
  });
});

describe('identity join on the recorded players', () => {
  let mfl: MflPlayer[];
  let sleeper: SleeperPlayer[];
  let flea: FleaProPlayer[];
  let joined: PlayerIdentity[];
  const mflId = (name: string) => mfl.find((p) => p.name === name)?.id;
  const byId = (id: string | undefined) => joined.find((p) => p.id === id);

  beforeAll(() => {
    mfl = readPlayers(
      fixtureJson('mfl', 'dynastyprocess__ffscrapr-tests/mfl/2020/export-e54ca1.json'),
    ).players;
    sleeper = readPlayerMap(
      fixtureJson('sleeper', 'dmethi__gauntlet-website/apps/web/data/players-sample.json'),
    );
    flea = fleaLeagueRostersSchema
      .parse(fixtureJson('flea', 'ffverse__ffscrapr-tests/flea/api/FetchLeagueRosters-e56db7.json'))
      .rosters.flatMap((r) => r.players.map((p) => p.proPlayer));
    joined = joinPlayers({ mfl, sleeper, flea });
  });

  it('keys MFL players by MFL id, names them "First Last", leaves out team units', () => {
    const brady = byId(mflId('Brady, Tom'));
    expect(brady).toMatchObject({
      mfl_id: mflId('Brady, Tom'),
      name: 'Tom Brady',
      position: 'QB',
      team: 'TB',
      draftYear: 2000,
    });
    expect(joined.some((p) => /^TM/.test(p.position) || p.position === 'Coach')).toBe(false);
    const bills = mfl.find((p) => p.name === 'Bills, Buffalo' && p.position === 'Def');
    expect(byId(bills?.id)).toMatchObject({ position: 'Def', name: 'Buffalo Bills', team: 'BUF' });
  });

  it('joins Sleeper players through shared ids', () => {
    expect(byId(mflId("Bell, Le'Veon"))?.sleeper_id).toBe('1408');
    expect(byId(mflId('Mosley, C.J.'))?.sleeper_id).toBe('1875');
    // Sleeper spells it DeMarcus, MFL Demarcus: the ids decide.
    expect(byId(mflId('Lawrence, Demarcus'))?.sleeper_id).toBe('2064');
  });

  it('joins Fleaflicker players through Sportradar ids and MFL fleaflicker_id', () => {
    const wentz = byId(mflId('Wentz, Carson'));
    expect(wentz?.flea_id).toBe('12032');
    const withFleaId = mfl.filter(
      (p) => p.fleaflicker_id && flea.some((f) => String(f.id) === p.fleaflicker_id),
    );
    expect(withFleaId.length).toBeGreaterThan(5);
    for (const p of withFleaId) expect(byId(p.id)?.flea_id).toBe(p.fleaflicker_id);
  });

  it('keeps players only one service knows, under a synthetic key', () => {
    // Brandon Aubrey came into the league after this MFL database was recorded.
    expect(byId('sleeper:11533')).toMatchObject({
      name: 'Brandon Aubrey',
      position: 'PK',
      team: 'DAL',
      sleeper_id: '11533',
    });
    expect(byId('sleeper:11533')?.mfl_id).toBeUndefined();
    const chase = joined.find((p) => p.name === "Ja'Marr Chase");
    expect(chase?.id).toMatch(/^flea:\d+$/);
    expect(chase).toMatchObject({ position: 'WR', team: 'CIN' });
  });

  it('uses each service id once, and every key once', () => {
    const ids = joined.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sleeperIds = joined.flatMap((p) => (p.sleeper_id ? [p.sleeper_id] : []));
    expect(new Set(sleeperIds).size).toBe(sleeperIds.length);
    const fleaIds = joined.flatMap((p) => (p.flea_id ? [p.flea_id] : []));
    expect(new Set(fleaIds).size).toBe(fleaIds.length);
    expect(new Set(fleaIds).size).toBe(new Set(flea.map((f) => f.id)).size);
  });

  it('drops retired Sleeper players without a team who are no longer active', () => {
    const inSleeperOnly = joined.filter((p) => p.id.startsWith('sleeper:'));
    expect(inSleeperOnly.length).toBeGreaterThan(0);
    for (const p of inSleeperOnly) {
      const s = sleeper.find((x) => x.player_id === p.sleeper_id);
      expect(s?.active || s?.team).toBeTruthy();
    }
    // Offensive linemen are never fantasy players.
    expect(joined.some((p) => p.sleeper_id === '777')).toBe(false);
  });

  it('is sorted by name', () => {
    const names = joined.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('identity join rules', () => {
  const mflPlayer = (over: Partial<MflPlayer>): MflPlayer => ({
    id: '1',
    name: 'Doe, John',
    position: 'WR',
    team: 'KCC',
    ...over,
  });
  const sleeperPlayer = (over: Partial<SleeperPlayer>): SleeperPlayer =>
    ({
      player_id: '100',
      full_name: 'John Doe',
      position: 'WR',
      team: 'KC',
      active: true,
      ...over,
    }) as SleeperPlayer;
  const fleaPlayer = (over: Partial<FleaProPlayer>): FleaProPlayer =>
    ({ id: 9, nameFull: 'John Doe', position: 'WR', proTeamAbbreviation: 'KC', ...over }) as FleaProPlayer;

  it('falls back to name + position group + team', () => {
    const [p] = joinPlayers({ mfl: [mflPlayer({})], sleeper: [sleeperPlayer({})], flea: [fleaPlayer({})] });
    expect(p).toMatchObject({ id: '1', sleeper_id: '100', flea_id: '9', team: 'KC' });
  });

  it('matches a player who changed teams when the birth date says it is him', () => {
    const [p] = joinPlayers({
      mfl: [mflPlayer({ birthdate: '902638800' })],
      sleeper: [sleeperPlayer({ team: 'DEN', birth_date: '1998-08-09' })],
      flea: [],
    });
    expect(p.sleeper_id).toBe('100');
  });

  it('keeps namesakes apart: another team without a birth date, or another birth date without a team', () => {
    expect(
      joinPlayers({ mfl: [mflPlayer({})], sleeper: [sleeperPlayer({ team: 'DEN' })], flea: [] }),
    ).toHaveLength(2);
    expect(
      joinPlayers({
        mfl: [mflPlayer({ team: 'FA', birthdate: '902638800' })],
        sleeper: [sleeperPlayer({ team: null, birth_date: '1996-01-02' })],
        flea: [],
      }),
    ).toHaveLength(2);
    // Another position group is another person, whatever the name.
    expect(
      joinPlayers({ mfl: [mflPlayer({})], sleeper: [sleeperPlayer({ position: 'RB' })], flea: [] }),
    ).toHaveLength(2);
  });

  it('takes the namesake whose birth date agrees over the one on the same team', () => {
    const players = joinPlayers({
      mfl: [
        mflPlayer({ id: '1', team: 'KCC', birthdate: '902638800' }),
        mflPlayer({ id: '2', team: 'DEN', birthdate: '700000000' }),
      ],
      sleeper: [sleeperPlayer({ team: 'DEN', birth_date: '1998-08-09' })],
      flea: [],
    });
    expect(players.find((p) => p.id === '1')?.sleeper_id).toBe('100');
    expect(players.find((p) => p.id === '2')?.sleeper_id).toBeUndefined();
  });

  it('refuses an id match that another id, the name and the position contradict', () => {
    const players = joinPlayers({
      mfl: [mflPlayer({ name: 'Lawrence, Lamar', rotowire_id: '5', sportsdata_id: 'aaa' })],
      sleeper: [
        sleeperPlayer({ full_name: 'Lamar Burns', position: 'RB', rotowire_id: '5', sportradar_id: 'bbb' }),
      ],
      flea: [],
    });
    expect(players).toHaveLength(2);
  });

  it('does not merge two players who share a name in the same group', () => {
    const players = joinPlayers({
      mfl: [mflPlayer({ id: '1', team: 'KCC' }), mflPlayer({ id: '2', team: 'LAC' })],
      sleeper: [sleeperPlayer({ team: 'DEN' })],
      flea: [],
    });
    expect(players.map((p) => p.id).sort()).toEqual(['1', '2', 'sleeper:100']);
  });

  it('refuses a name match that the published ids contradict', () => {
    const players = joinPlayers({
      mfl: [mflPlayer({ espn_id: '111' })],
      sleeper: [sleeperPlayer({ espn_id: '222' })],
      flea: [],
    });
    expect(players).toHaveLength(2);
  });

  it('joins team defenses by team', () => {
    const [p] = joinPlayers({
      mfl: [mflPlayer({ id: '0512', name: 'Chiefs, Kansas City', position: 'Def', team: 'KCC' })],
      sleeper: [
        sleeperPlayer({
          player_id: 'KC',
          full_name: undefined,
          first_name: 'Kansas City',
          last_name: 'Chiefs',
          position: 'DEF',
        }),
      ],
      flea: [fleaPlayer({ id: 7, nameFull: 'Kansas City Chiefs', position: 'D/ST' })],
    });
    expect(p).toMatchObject({ id: '0512', sleeper_id: 'KC', flea_id: '7', position: 'Def' });
  });

  it('joins Sleeper-only and Fleaflicker-only players to each other', () => {
    const players = joinPlayers({
      mfl: [],
      sleeper: [sleeperPlayer({ sportradar_id: 'efd6f3c3-b752-4bc2-a4f2-b776c15c3ec0' })],
      flea: [
        fleaPlayer({ nameFull: 'Johnny Doe', externalIds: [{ id: 'efd6f3c3-b752-4bc2-a4f2-b776c15c3ec0' }] }),
      ],
    });
    expect(players).toEqual([
      { id: 'sleeper:100', name: 'John Doe', position: 'WR', team: 'KC', sleeper_id: '100', flea_id: '9' },
    ]);
  });
});
