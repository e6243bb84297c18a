import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { identityIndex } from './identity.ts';
import { fleaIdentity, mflTeam, sleeperTeam } from './teams.ts';

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
