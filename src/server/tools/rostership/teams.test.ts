import { beforeAll, describe, expect, it } from 'vitest';
import { leagueError } from '#server/leagues/errors.ts';
import type { MflPlayer } from '#server/leagues/mfl/schemas.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { fleaIdentity, identityIndex, mflIdentity } from '#server/tools/shared/identity.ts';
import { fleaTeam, mflTeam, sleeperTeam } from './teams.ts';

const players: PlayerIdentity[] = [
  { id: '100', mfl_id: '100', name: 'Amon-Ra St. Brown', position: 'WR', team: 'DET' },
  { id: '200', mfl_id: '200', name: 'Josh Allen', position: 'QB', team: 'BUF' },
  { id: '300', mfl_id: '300', name: 'Josh Allen', position: 'LB', team: 'JAX' },
  { id: '400', mfl_id: '400', name: 'Tank Dell', position: 'WR', team: 'HOU', flea_id: '9004' },
];
// Built in a hook, not while the file is collected, so a mutation tool's changed code is the code built.
let index: ReturnType<typeof identityIndex>;
beforeAll(() => {
  index = identityIndex(players);
});
const ref = { league_id: '1', franchise_id: '0001', url: 'https://www45.myfantasyleague.com/2026/home/1' };

function mflStub(statuses: { id: string; status: string }[], calls: string[]) {
  return {
    mfl: {
      rosters: async () => [
        {
          id: '0001',
          players: [
            { id: '100', status: 'ROSTER' },
            { id: '200', status: 'ROSTER' },
            { id: '999', status: 'ROSTER' },
          ],
        },
      ],
      playersById: async () => new Map(),
      injuries: async () => ({
        week: 5,
        injuries: [{ id: '200', status: 'Questionable', details: 'Ankle' }],
      }),
      playerStatus: async () => {
        calls.push('playerStatus');
        return statuses;
      },
      currentWeek: async () => {
        calls.push('currentWeek');
        return 5;
      },
      liveScoring: async () => {
        calls.push('liveScoring');
        return {
          week: 5,
          matchups: [],
          franchises: [
            {
              id: '0001',
              players: [
                { id: '200', status: 'starter' },
                { id: '100', status: 'nonstarter' },
              ],
            },
          ],
        };
      },
    },
  } as unknown as LeagueServices;
}

describe('mflTeam', () => {
  it('reads starters from MFL’s playerStatus marks, without live scoring', async () => {
    const calls: string[] = [];
    const services = mflStub(
      [
        { id: '100', status: 'My Team - S' },
        { id: '200', status: 'My Team - NS' },
        { id: '999', status: 'My Team - NS' },
      ],
      calls,
    );
    const team = (await mflTeam({ services, index }, ref, 'cookie')).entries;
    expect(team.map((e) => [e.player.id, e.isStarter, e.injury])).toEqual([
      ['100', true, undefined],
      ['200', false, 'Questionable'],
      ['mfl:999', false, undefined],
    ]);
    expect(calls).toEqual(['playerStatus']);
  });

  it('falls back to the week’s live scoring when MFL leaves the marks out', async () => {
    const calls: string[] = [];
    const services = mflStub(
      [
        { id: '100', status: 'My Team' },
        { id: '200', status: 'My Team' },
      ],
      calls,
    );
    const team = (await mflTeam({ services, index }, ref, 'cookie')).entries;
    expect(team.filter((e) => e.isStarter).map((e) => e.player.id)).toEqual(['200']);
    expect(calls).toEqual(['playerStatus', 'currentWeek', 'liveScoring']);
  });

  it('reads the league without the extras whose calls fail, and names them', async () => {
    const services = mflStub([], []);
    const fail = async () => {
      throw new Error('down');
    };
    Object.assign(services.mfl, { playerStatus: fail, liveScoring: fail, injuries: fail });
    const read = await mflTeam({ services, index }, ref, 'cookie');
    expect(read.entries.map((e) => [e.player.id, e.isStarter, e.injury])).toEqual([
      ['100', false, undefined],
      ['200', false, undefined],
      ['mfl:999', false, undefined],
    ]);
    expect(read.missing).toEqual(['starters', 'injuries', 'player-details']);
  });

  it('names players from MFL’s own database without the merged list, and asks MFL for unknown ids', async () => {
    const services = mflStub([{ id: '100', status: 'My Team - S' }], []);
    const asked: string[][] = [];
    Object.assign(services.mfl, {
      playersById: async (ids: string[]) => {
        asked.push(ids);
        return new Map(
          ids.map((id) => [
            id,
            { id, name: `Player, Number${id}`, position: 'RB', team: 'GBP', draft_year: '2026' },
          ]),
        );
      },
    });
    const read = await mflTeam({ services }, ref, 'cookie');
    expect(asked).toEqual([['100', '200', '999']]);
    expect(read.entries.map((e) => e.player)).toContainEqual({
      id: '999',
      mfl_id: '999',
      name: 'Number999 Player',
      position: 'RB',
      team: 'GB',
      draftYear: 2026,
    });
    expect(read.missing).toEqual([]);
  });

  it('says so when the franchise is not in the league', async () => {
    const services = mflStub([], []);
    await expect(mflTeam({ services, index }, { ...ref, franchise_id: '0009' }, 'c')).rejects.toThrow(
      /franchise 0009/,
    );
  });
});

describe('fleaIdentity', () => {
  const pro = (over: object) => ({
    id: 1,
    nameFull: 'Amon-Ra St. Brown',
    position: 'WR',
    proTeamAbbreviation: 'DET',
    ...over,
  });
  it('joins by id, then by name + position group + team, then by a unique name + position group', () => {
    expect(fleaIdentity(index, pro({ id: 9004, nameFull: 'Nathaniel Dell' })).id).toBe('400');
    expect(fleaIdentity(index, pro({})).id).toBe('100');
    expect(fleaIdentity(index, pro({ nameFull: 'Amon-Ra St Brown', proTeamAbbreviation: 'FA' })).id).toBe(
      '100',
    );
    // Two Josh Allens, told apart by position group.
    expect(
      fleaIdentity(index, pro({ nameFull: 'Josh Allen', position: 'QB', proTeamAbbreviation: 'BUF' })).id,
    ).toBe('200');
    expect(
      fleaIdentity(index, pro({ nameFull: 'Josh Allen', position: 'LB', proTeamAbbreviation: 'JAC' })).id,
    ).toBe('300');
  });

  it('keeps a player no one else lists under his Fleaflicker id', () => {
    expect(fleaIdentity(index, pro({ id: 77, nameFull: 'Nobody Known', position: 'RB' }))).toEqual({
      id: 'flea:77',
      flea_id: '77',
      name: 'Nobody Known',
      position: 'RB',
      team: 'DET',
    });
  });
});

describe('players a service gives no position or team', () => {
  it('Sleeper: "NA" and null are none; the fantasy positions name the position when there is one', async () => {
    const services = {
      sleeper: {
        rosters: async () => [{ owner_id: 'me', players: ['1', '2', '3'], starters: ['1'] }],
        players: async () => [
          { player_id: '1', full_name: 'Idp Backer', position: 'NA', fantasy_positions: ['LB'], team: 'NA' },
          { player_id: '2', full_name: 'Nobody Knows', position: null, fantasy_positions: null, team: null },
          {
            player_id: '3',
            full_name: 'Edge Rusher',
            position: 'EDGE',
            fantasy_positions: ['DL'],
            team: 'KC',
          },
        ],
      },
    } as unknown as LeagueServices;
    const read = await sleeperTeam({ services }, { league_id: '9' }, 'me');
    expect(read.entries.map((e) => [e.player.name, e.player.position, e.player.team])).toEqual([
      ['Idp Backer', 'LB', 'FA'],
      ['Nobody Knows', '', 'FA'],
      ['Edge Rusher', 'DE', 'KC'],
    ]);
  });

  it('Fleaflicker and MFL: a placeholder is no position, and no team is FA', () => {
    const pro = { id: 5, nameFull: 'Safety First', position: 'NA', proTeamAbbreviation: 'NA' };
    expect(fleaIdentity(undefined, pro)).toMatchObject({ position: '', team: 'FA' });
  });
});

describe('each service’s team, read exactly', () => {
  const sleeperStub = (players: () => Promise<unknown[]>) =>
    ({
      sleeper: {
        rosters: async () => [
          { owner_id: 'someone', players: ['1'], starters: ['1'] },
          {
            owner_id: 'other',
            co_owners: ['me'],
            players: ['11', '12', '0', ''],
            reserve: ['13'],
            taxi: ['14'],
            starters: ['11', '0', ''],
          },
        ],
        players,
      },
    }) as unknown as LeagueServices;
  const sleeperPlayers = async () => [
    { player_id: '11', full_name: 'Alpha One', position: 'QB', team: 'DET', injury_status: 'Questionable' },
    { player_id: '12', first_name: 'Beta', last_name: 'Two', position: 'RB', team: null },
    { player_id: '13', position: 'WR', team: 'JAX' },
  ];
  const listed = identityIndex([
    { id: '500', mfl_id: '500', sleeper_id: '14', name: 'Listed Guy', position: 'TE', team: 'DAL' },
  ]);

  it('Sleeper: a co-owner’s team, every roster part, starters, injuries and names; placeholders left out', async () => {
    const read = await sleeperTeam(
      { services: sleeperStub(sleeperPlayers), index: listed },
      { league_id: '9' },
      'me',
    );
    expect(read.entries).toEqual([
      {
        player: { id: 'sleeper:11', sleeper_id: '11', name: 'Alpha One', position: 'QB', team: 'DET' },
        isStarter: true,
        injury: 'Questionable',
      },
      {
        player: { id: 'sleeper:12', sleeper_id: '12', name: 'Beta Two', position: 'RB', team: 'FA' },
        isStarter: false,
        injury: undefined,
      },
      {
        player: { id: 'sleeper:13', sleeper_id: '13', name: '13', position: 'WR', team: 'JAX' },
        isStarter: false,
        injury: undefined,
      },
      {
        player: {
          id: '500',
          mfl_id: '500',
          sleeper_id: '14',
          name: 'Listed Guy',
          position: 'TE',
          team: 'DAL',
        },
        isStarter: false,
        injury: undefined,
      },
    ]);
    expect(read.missing).toEqual([]);
  });

  it('Sleeper: without the player map, players are unknown by id, and injuries and details are missing', async () => {
    const down = async () => {
      throw new Error('down');
    };
    const read = await sleeperTeam({ services: sleeperStub(down) }, { league_id: '9' }, 'me');
    expect(read.entries[0]).toEqual({
      player: {
        id: 'sleeper:11',
        sleeper_id: '11',
        name: 'Unknown player (Sleeper 11)',
        position: '?',
        team: 'FA',
      },
      isStarter: true,
      injury: undefined,
    });
    expect(read.entries).toHaveLength(4);
    expect(read.missing).toEqual(['injuries', 'player-details']);
  });

  it('Sleeper: a visitor with no team in the league is told so', async () => {
    await expect(
      sleeperTeam({ services: sleeperStub(sleeperPlayers) }, { league_id: '9' }, 'stranger'),
    ).rejects.toThrow('You have no team in this Sleeper league');
  });

  const fleaStub = (roster: () => Promise<unknown>) => ({ flea: { roster } }) as unknown as LeagueServices;
  const fleaRoster = async () => ({
    groups: [
      {
        group: 'START',
        slots: [
          {
            leaguePlayer: {
              proPlayer: {
                id: 77,
                nameFull: 'Nobody Known',
                position: 'RB',
                proTeamAbbreviation: 'DET',
                injury: { typeFull: 'Out', typeAbbreviaition: 'O' },
              },
            },
          },
          {},
        ],
      },
      {
        group: 'BENCH',
        slots: [
          {
            leaguePlayer: {
              proPlayer: { id: 77, nameFull: 'Nobody Known', position: 'RB', proTeamAbbreviation: 'DET' },
            },
          },
          {
            leaguePlayer: {
              proPlayer: {
                id: 78,
                nameFirst: 'First',
                nameLast: 'Last',
                position: 'WR',
                proTeamAbbreviation: 'FA',
                injury: { typeAbbreviaition: 'Q' },
              },
            },
          },
          {
            leaguePlayer: { proPlayer: { id: 79, nameFull: '', position: 'TE', proTeamAbbreviation: 'DAL' } },
          },
        ],
      },
    ],
  });

  it('Fleaflicker: starters from the START group, each player once, injuries by word then by letter', async () => {
    const read = await fleaTeam({ services: fleaStub(fleaRoster) }, { league_id: '1', team_id: '2' });
    expect(read).toEqual({
      entries: [
        {
          player: { id: 'flea:77', flea_id: '77', name: 'Nobody Known', position: 'RB', team: 'DET' },
          isStarter: true,
          injury: 'Out',
        },
        {
          player: { id: 'flea:78', flea_id: '78', name: 'First Last', position: 'WR', team: 'FA' },
          isStarter: false,
          injury: 'Q',
        },
        {
          player: { id: 'flea:79', flea_id: '79', name: 'Player 79', position: 'TE', team: 'DAL' },
          isStarter: false,
          injury: undefined,
        },
      ],
      missing: [],
    });
  });

  it('Fleaflicker: a team it does not know, or refuses, is "no such team"; other failures pass through', async () => {
    for (const kind of ['not-found', 'rejected'] as const) {
      const services = fleaStub(async () => {
        throw leagueError('flea', kind, 'no');
      });
      await expect(fleaTeam({ services }, { league_id: '1', team_id: '2' })).rejects.toThrow(
        'Fleaflicker has no such team in this league',
      );
    }
    const down = leagueError('flea', 'unavailable');
    const services = fleaStub(async () => {
      throw down;
    });
    await expect(fleaTeam({ services }, { league_id: '1', team_id: '2' })).rejects.toBe(down);
  });

  it('Fleaflicker: a namesake the list knows under another Fleaflicker id is someone else', () => {
    expect(
      fleaIdentity(index, { id: 5, nameFull: 'Tank Dell', position: 'WR', proTeamAbbreviation: 'HOU' }).id,
    ).toBe('flea:5');
    expect(
      fleaIdentity(index, {
        id: 6,
        nameFull: 'Amon-Ra St. Brown',
        position: 'WR',
        proTeamAbbreviation: 'DET',
      }),
    ).toMatchObject({ id: '100', flea_id: '6' });
  });

  it('MFL: a player nothing names is unknown by his MFL id; a draft year before 1971 is none', async () => {
    const services = mflStub([], []);
    const read = await mflTeam({ services, index }, ref, 'cookie');
    expect(read.entries.find((e) => e.player.id === 'mfl:999')?.player).toEqual({
      id: 'mfl:999',
      mfl_id: '999',
      name: 'Unknown player (MFL 999)',
      position: '?',
      team: 'FA',
    });
    const year = (draft_year: string) =>
      mflIdentity({ id: '1', name: 'A, B', position: 'RB', team: 'GBP', draft_year: draft_year } as MflPlayer)
        .draftYear;
    expect(year('1971')).toBe(1971);
    expect(year('1970')).toBeUndefined();
    expect(year('')).toBeUndefined();
    expect(year('20x6')).toBeUndefined();
  });

  it('MFL: before the season (week 0) no one starts, and a failed playerStatus then means no starters', async () => {
    const calls: string[] = [];
    const services = mflStub([{ id: '100', status: 'ROSTER' }], calls);
    Object.assign(services.mfl, { currentWeek: async () => 0 });
    const read = await mflTeam({ services, index }, ref, 'cookie');
    expect(read.entries.filter((e) => e.isStarter)).toEqual([]);
    expect(read.missing).not.toContain('starters');
    expect(calls).toEqual(['playerStatus']);
    Object.assign(services.mfl, {
      playerStatus: async () => {
        throw new Error('down');
      },
    });
    expect((await mflTeam({ services, index }, ref, 'cookie')).missing).toContain('starters');
  });

  it('MFL: from week 1, live scoring names the starters of this franchise only', async () => {
    const services = mflStub([], []);
    const franchises = [
      { id: '0002', players: [{ id: '200', status: 'starter' }] },
      {
        id: '0001',
        players: [
          { id: '100', status: 'starter' },
          { id: '200', status: 'nonstarter' },
        ],
      },
    ];
    Object.assign(services.mfl, {
      currentWeek: async () => 1,
      liveScoring: async () => ({ week: 1, matchups: [], franchises }),
    });
    const starters = async () =>
      (await mflTeam({ services, index }, ref, 'cookie')).entries
        .filter((e) => e.isStarter)
        .map((e) => e.player.id);
    expect(await starters()).toEqual(['100']);
    franchises.splice(1, 1);
    expect(await starters()).toEqual([]);
  });

  it('MFL: with every player in the merged list, MFL’s own database is not asked', async () => {
    const services = mflStub([], []);
    const asked: string[][] = [];
    Object.assign(services.mfl, {
      rosters: async () => [{ id: '0001', players: [{ id: '100', status: 'ROSTER' }] }],
      playersById: async (ids: string[]) => {
        asked.push(ids);
        return new Map();
      },
    });
    await mflTeam({ services, index }, ref, 'cookie');
    expect(asked).toEqual([]);
    await mflTeam({ services }, ref, 'cookie');
    expect(asked).toEqual([['100']]);
  });
});
