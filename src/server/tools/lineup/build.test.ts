import { beforeAll, describe, expect, it } from 'vitest';
import type { MflLeague, MflNflWeek, MflPlayer } from '#server/leagues/mfl/schemas.ts';
import { buildLineupInfo, displayName, injuryTag, type LineupSources, limitOf } from './build.ts';
import { teamUrl } from './load.ts';

const KICK = 1_790_000_000;

const league: MflLeague = {
  id: '12345',
  name: 'Test League',
  baseURL: 'https://www44.myfantasyleague.com',
  bestLineup: false,
  startWeek: 1,
  endWeek: 17,
  lastRegularSeasonWeek: 14,
  usesSalaries: false,
  startersCount: '7-9',
  starters: [
    { name: 'QB', limit: '1-2' },
    { name: 'RB', limit: '2' },
    { name: 'DT+DE', limit: '1-2' },
    { name: 'Def', limit: '1' },
  ],
  franchises: [
    { id: '0001', name: 'Other Team' },
    { id: '0002', name: 'Gridiron Gang' },
  ],
  history: [],
};

const players: MflPlayer[] = [
  { id: '100', name: 'Mahomes, Patrick', position: 'QB', team: 'KCC' },
  { id: '101', name: 'Allen, Josh', position: 'QB', team: 'BUF' },
  { id: '200', name: 'Runner, Quick', position: 'RB', team: 'GBP' },
  { id: '201', name: 'Hurt, Always', position: 'RB', team: 'KCC' },
  { id: '202', name: 'Taxi, Young', position: 'RB', team: 'KCC' },
  { id: '300', name: 'Rusher, Edge', position: 'DE', team: 'BUF' },
  { id: '301', name: 'Tackle, Big', position: 'DT', team: 'FA' },
  { id: '400', name: 'Punter, Long', position: 'PN', team: 'KCC' },
  { id: '0501', name: 'Chiefs, Kansas City', position: 'Def', team: 'KCC' },
];

const schedule: MflNflWeek = {
  week: 6,
  games: [
    {
      kickoff: KICK,
      gameSecondsRemaining: 1200,
      teams: [
        { id: 'BUF', isHome: false, score: 10, hasPossession: false, inRedZone: false },
        { id: 'KCC', isHome: true, score: 14, hasPossession: true, inRedZone: false },
      ],
    },
    {
      kickoff: KICK + 10_800,
      gameSecondsRemaining: 3600,
      teams: [
        { id: 'CHI', isHome: false, score: null, hasPossession: false, inRedZone: false },
        { id: 'DAL', isHome: true, score: null, hasPossession: false, inRedZone: false },
      ],
    },
  ],
};

function sources(over: Partial<LineupSources> = {}): LineupSources {
  return {
    league,
    franchiseId: '0002',
    week: 6,
    now: (KICK + 600) * 1000,
    roster: [
      { id: '100', status: 'ROSTER' },
      { id: '101', status: 'ROSTER' },
      { id: '200', status: 'ROSTER' },
      { id: '201', status: 'ROSTER' },
      { id: '202', status: 'TAXI_SQUAD' },
      { id: '300', status: 'ROSTER' },
      { id: '301', status: 'INJURED_RESERVE' },
      { id: '400', status: 'ROSTER' },
      { id: '0501', status: 'ROSTER' },
      { id: '999', status: 'ROSTER' },
    ],
    players: new Map(players.map((p) => [p.id, p])),
    injuries: [
      { id: '201', status: 'Out', details: 'Knee' },
      { id: '101', status: 'Questionable', details: 'Ankle' },
    ],
    projections: [
      { id: '100', score: 22.5 },
      { id: '101', score: 20 },
      { id: '200', score: null },
      { id: '201', score: 0 },
    ],
    starters: new Set(['100', '201', '300', '0501']),
    live: {
      id: '0002',
      score: 30,
      isHome: true,
      gameSecondsRemaining: 0,
      playersYetToPlay: 0,
      playersCurrentlyPlaying: 2,
      players: [
        { id: '100', status: 'starter', score: 12.3, gameSecondsRemaining: 1200 },
        { id: '101', status: 'nonstarter', score: 8, gameSecondsRemaining: 1200 },
      ],
    },
    schedule,
    teamUrl: 'https://example.test/team',
    ...over,
  };
}

describe('buildLineupInfo', () => {
  // Built in a hook, not while the file is collected, so a mutation tool's changed code is the code built.
  let info: ReturnType<typeof buildLineupInfo>;
  beforeAll(() => {
    info = buildLineupInfo(sources());
  });

  it('names the franchise, the week, best ball and the total limit', () => {
    expect(info).toMatchObject({
      name: 'Gridiron Gang',
      url: 'https://example.test/team',
      week: 6,
      bestball: false,
      starters: '7-9',
      now: (KICK + 600) * 1000,
    });
    expect(
      buildLineupInfo(sources({ league: { ...league, bestLineup: true, startersCount: '9' } })),
    ).toMatchObject({
      bestball: true,
      starters: 9,
    });
  });

  it('keys groups as the league does, with numbers for single limits', () => {
    expect(Object.keys(info.positions)).toEqual(['QB', 'RB', 'DT+DE', 'Def']);
    expect(info.positions.QB.limit).toBe('1-2');
    expect(info.positions.RB.limit).toBe(2);
  });

  it('leaves out taxi squad players, unused positions and unknown ids; keeps injured reserve only if starting', () => {
    const ids = Object.values(info.positions).flatMap((g) => g.players.map((p) => p.id));
    expect(ids.sort()).toEqual(['0501', '100', '101', '200', '201', '300']);
    const withIrStarter = buildLineupInfo(sources({ starters: new Set(['301']) }));
    expect(withIrStarter.positions['DT+DE'].players.map((p) => p.id)).toContain('301');
  });

  it('puts combined positions in their group and starters first', () => {
    expect(info.positions['DT+DE'].players.map((p) => p.id)).toEqual(['300']);
    expect(info.positions.QB.players.map((p) => [p.id, p.starter])).toEqual([
      ['100', true],
      ['101', false],
    ]);
  });

  it('reads names first-last, marks injuries, outs and byes, scores and projections', () => {
    const all = Object.values(info.positions).flatMap((g) => g.players);
    const by = (id: string) => all.find((p) => p.id === id)!;
    expect(by('100')).toMatchObject({
      name: 'Patrick Mahomes',
      // MFL's team codes are shown as the other pages show them.
      team: 'KC',
      score: 12.3,
      projectedScore: 22.5,
      isBye: false,
      isOut: false,
      injuryStatus: null,
      scheduleInfo: {
        kickoff: KICK,
        homeTeam: 'KC',
        awayTeam: 'BUF',
        homeScore: 14,
        awayScore: 10,
        secondsRemaining: 1200,
      },
    });
    expect(by('101').injuryStatus).toEqual({ tag: 'Q', status: 'Questionable', details: 'Ankle' });
    expect(by('101').isOut).toBe(false);
    expect(by('201')).toMatchObject({ isOut: true, injuryStatus: { tag: 'O' }, score: 0 });
    // Green Bay has no game this week: a bye, no schedule, no score.
    expect(by('200')).toMatchObject({ isBye: true, scheduleInfo: null, score: null, projectedScore: null });
    expect(by('0501').name).toBe('Kansas City Chiefs');
  });

  it('gives no score before kickoff and no bye in a week without games', () => {
    const early = buildLineupInfo(sources({ now: (KICK - 60) * 1000 }));
    expect(early.positions.QB.players[0].score).toBeNull();
    const empty = buildLineupInfo(sources({ schedule: { week: 0, games: [] } }));
    expect(
      Object.values(empty.positions)
        .flatMap((g) => g.players)
        .some((p) => p.isBye),
    ).toBe(false);
  });
});

describe('helpers', () => {
  it.each([
    ['Questionable', 'Q'],
    ['Doubtful', 'D'],
    ['Out', 'O'],
    ['IR', 'IR'],
    ['Suspended', 'SUS'],
    ['Probable', 'P'],
    ['Day-to-Day', 'DAY'],
  ])('tags %s as %s', (status, tag) => {
    expect(injuryTag(status)).toBe(tag);
  });

  it('turns "Last, First" around and leaves other names alone', () => {
    expect(displayName('Smith-Njigba, Jaxon')).toBe('Jaxon Smith-Njigba');
    expect(displayName('Cardinals, Arizona')).toBe('Arizona Cardinals');
    expect(displayName('Nickname')).toBe('Nickname');
  });

  it('sends single limits as numbers and ranges as text', () => {
    expect(limitOf('3')).toBe(3);
    expect(limitOf(' 2-4 ')).toBe('2-4');
  });

  it("links the team's page on MFL, and only over http(s)", () => {
    const own = {
      league_id: '12345',
      franchise_id: '0002',
      url: 'https://www44.myfantasyleague.com/2026/home/12345',
    };
    expect(teamUrl('https://www44.myfantasyleague.com', own, 2026)).toBe(
      'https://www44.myfantasyleague.com/2026/options?L=12345&F=0002&O=01',
    );
    expect(teamUrl(undefined, own, 2026)).toBe(
      'https://www44.myfantasyleague.com/2026/options?L=12345&F=0002&O=01',
    );
    expect(teamUrl('http://127.0.0.1:4100/mfl/www44', own, 2026)).toBe(
      'http://127.0.0.1:4100/mfl/www44/2026/options?L=12345&F=0002&O=01',
    );
    expect(teamUrl('javascript:alert(1)', own, 2026)).toMatch(
      /^https:\/\/www\.myfantasyleague\.com\/2026\/options/,
    );
  });
});

describe('buildLineupInfo, rule by rule', () => {
  const all = (info: ReturnType<typeof buildLineupInfo>) =>
    Object.values(info.positions).flatMap((g) => g.players);
  const by = (info: ReturnType<typeof buildLineupInfo>, id: string) => all(info).find((p) => p.id === id);

  it('names a franchise the league does not list by its id', () => {
    expect(buildLineupInfo(sources({ franchiseId: '0009' })).name).toBe('Franchise 0009');
    expect(buildLineupInfo(sources({ franchiseId: '0001' })).name).toBe('Other Team');
  });

  it('takes the second team as home when none says so, and skips games without a kickoff', () => {
    const info = buildLineupInfo(
      sources({
        schedule: {
          week: 6,
          games: [
            {
              kickoff: KICK,
              gameSecondsRemaining: null,
              teams: [
                { id: 'BUF', isHome: false, score: 3, hasPossession: false, inRedZone: false },
                { id: 'KCC', isHome: false, score: 7, hasPossession: false, inRedZone: false },
              ],
            },
            {
              kickoff: null,
              gameSecondsRemaining: 3600,
              teams: [
                { id: 'GBP', isHome: true, score: null, hasPossession: false, inRedZone: false },
                { id: 'CHI', isHome: false, score: null, hasPossession: false, inRedZone: false },
              ],
            },
          ],
        } as unknown as MflNflWeek,
      }),
    );
    expect(by(info, '100')!.scheduleInfo).toEqual({
      kickoff: KICK,
      homeTeam: 'KC',
      awayTeam: 'BUF',
      homeScore: 7,
      awayScore: 3,
      secondsRemaining: 3600,
    });
    expect(by(info, '101')!.scheduleInfo?.homeTeam).toBe('KC');
    // Green Bay's game has no kickoff: no schedule, so a bye in a week that has games.
    expect(by(info, '200')).toMatchObject({ scheduleInfo: null, isBye: true });
  });

  it('lets a player with no roster status start; a free agent or a player with no team is on no bye', () => {
    const info = buildLineupInfo(
      sources({
        roster: [
          { id: '100', status: '' },
          { id: '202', status: 'TAXI_SQUAD' },
          { id: '301', status: 'ROSTER' },
          { id: '400', status: 'ROSTER' },
        ],
        players: new Map(
          [...players, { id: '400', name: 'Nobody, Team', position: 'RB', team: '' }].map((p) => [p.id, p]),
        ),
      }),
    );
    expect(
      all(info)
        .map((p) => p.id)
        .sort(),
    ).toEqual(['100', '301', '400']);
    expect(by(info, '301')).toMatchObject({ team: 'FA', isBye: false });
    expect(by(info, '400')).toMatchObject({ team: 'FA', isBye: false });
  });

  it('reads injury statuses in any case and spacing; scores 0 for a started player without live scoring', () => {
    const info = buildLineupInfo(
      sources({ injuries: [{ id: '100', status: ' out ', details: 'Hand' }], live: undefined }),
    );
    expect(by(info, '100')).toMatchObject({
      isOut: true,
      injuryStatus: { tag: 'O', status: ' out ', details: 'Hand' },
      score: 0,
    });
    expect(by(info, '101')).toMatchObject({ isOut: false, injuryStatus: null, score: 0 });
  });

  it('scores a player from the second of kickoff', () => {
    const info = buildLineupInfo(sources({ now: KICK * 1000 }));
    expect(by(info, '100')!.score).toBe(12.3);
    expect(by(info, '300')!.score).toBe(0);
  });

  it('orders each group: starters, then projection (none last), then name', () => {
    const info = buildLineupInfo(
      sources({
        roster: ['100', '101', '200', '201'].map((id) => ({ id, status: 'ROSTER' })),
        players: new Map(
          [
            { id: '100', name: 'Zeta, A', position: 'RB', team: 'KCC' },
            { id: '101', name: 'Alpha, B', position: 'RB', team: 'KCC' },
            { id: '200', name: 'Beta, C', position: 'RB', team: 'KCC' },
            { id: '201', name: 'Gamma, D', position: 'RB', team: 'KCC' },
          ].map((p) => [p.id, p]),
        ),
        projections: [
          { id: '101', score: 5 },
          { id: '200', score: 0 },
          { id: '100', score: 9 },
        ],
        starters: new Set(['201']),
      }),
    );
    expect(info.positions.RB.players.map((p) => p.id)).toEqual(['201', '100', '101', '200']);
    const tie = buildLineupInfo(
      sources({
        roster: ['101', '100'].map((id) => ({ id, status: 'ROSTER' })),
        players: new Map(
          [
            { id: '100', name: 'Zeta, A', position: 'RB', team: 'KCC' },
            { id: '101', name: 'Alpha, B', position: 'RB', team: 'KCC' },
          ].map((p) => [p.id, p]),
        ),
        projections: [],
        starters: new Set(),
      }),
    );
    // By the name shown ("First Last"), not the roster's order.
    expect(tie.positions.RB.players.map((p) => p.name)).toEqual(['A Zeta', 'B Alpha']);
  });

  it('reads names, tags and limits at their edges', () => {
    expect(displayName(',Solo')).toBe('Solo');
    expect(displayName('  Nickname  ')).toBe('Nickname');
    expect(displayName(' Smith ,  Jaxon ')).toBe('Jaxon Smith');
    expect(injuryTag(' questionable ')).toBe('Q');
    expect(injuryTag('day-to-day')).toBe('DAY');
    expect(limitOf('10')).toBe(10);
    expect(limitOf('1 ')).toBe(1);
  });
});
