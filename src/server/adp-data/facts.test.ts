import { describe, expect, it } from 'vitest';
import { readDraftResults, readLeague, readPlayers, readRules } from '#server/leagues/mfl/schemas.ts';
import {
  sleeperDraftPickSchema,
  sleeperDraftSchema,
  sleeperLeagueSchema,
} from '#server/leagues/sleeper/schemas.ts';
import { fixtureJson } from '#test/league-fixtures.ts';
import { limitRange, mflIsIdp, mflIsPpr, mflQbFormat, perCatchPoints, sleeperFacts } from './facts.ts';
import { mflDraft } from './read-mfl.ts';
import { sleeperDraft } from './read-sleeper.ts';

// The recorded real answers (tests/fixtures/recorded).
const mfl2020 = 'dynastyprocess__ffscrapr-tests/mfl/2020/';
const sleeperV1 = 'ffverse__ffscrapr-tests/sleeper/v1/';

describe('league facts from recorded MFL leagues', () => {
  it('a one-QB league (QB limit "1") with no defensive starters', () => {
    const league = readLeague(fixtureJson('mfl', `${mfl2020}export-d4f576.json`));
    expect(mflQbFormat(league.starters)).toBe('1QB');
    expect(mflIsIdp(league.starters, league.idpStarters)).toBe(false);
    expect(league.franchises).toHaveLength(16);
  });

  it('a superflex league (QB limit "1-2")', () => {
    const league = readLeague(fixtureJson('mfl', `${mfl2020}export-53ace0.json`));
    expect(league.starters.find((s) => s.name === 'QB')?.limit).toBe('1-2');
    expect(mflQbFormat(league.starters)).toBe('SF');
    expect(mflIsIdp(league.starters, league.idpStarters)).toBe(false);
  });
});

describe('QB format and IDP from MFL starters', () => {
  const slot = (name: string, limit: string) => ({ name, limit });

  it('tells 1QB, SF and 2QB apart, shared QB slots included', () => {
    expect(mflQbFormat([slot('QB', '1'), slot('RB', '2-3')])).toBe('1QB');
    expect(mflQbFormat([slot('QB', '1-2'), slot('RB', '2-3')])).toBe('SF');
    expect(mflQbFormat([slot('QB', '2')])).toBe('2QB');
    expect(mflQbFormat([slot('QB', '2-3')])).toBe('2QB');
    expect(mflQbFormat([slot('QB', '1'), slot('QB+RB+WR+TE', '0-1')])).toBe('SF');
    expect(mflQbFormat([slot('QB', '1'), slot('RB+WR+TE', '1')])).toBe('1QB');
    expect(mflQbFormat([])).toBe('1QB');
  });

  it('finds defensive starters in combined groups or the idp_starters count', () => {
    expect(mflIsIdp([slot('QB', '1'), slot('DT+DE', '2-3'), slot('CB+S', '2-3')])).toBe(true);
    expect(mflIsIdp([slot('QB', '1'), slot('LB', '1-4')])).toBe(true);
    expect(mflIsIdp([slot('QB', '1'), slot('LB', '0')])).toBe(false);
    expect(mflIsIdp([slot('QB', '1'), slot('Def', '1')])).toBe(false);
    expect(mflIsIdp([slot('QB', '1')], '8')).toBe(true);
  });
});

describe('PPR from MFL scoring rules', () => {
  const rules = (points: string, event = 'CC', positions = 'QB|RB|WR|TE') => ({
    version: '1.0',
    rules: {
      positionRules: {
        positions,
        rule: { points: { $t: points }, range: { $t: '0-99' }, event: { $t: event } },
      },
    },
    encoding: 'utf-8',
  });

  it('reads collapsed one-element lists and text nodes', () => {
    expect(readRules(rules('*1'))).toEqual([
      { positions: 'QB|RB|WR|TE', rules: [{ event: 'CC', points: '*1', range: '0-99' }] },
    ]);
  });

  it('counts a positive points-per-catch rule for any position', () => {
    expect(mflIsPpr(readRules(rules('*1')))).toBe(true);
    expect(mflIsPpr(readRules(rules('*.5')))).toBe(true);
    expect(mflIsPpr(readRules(rules('.5/1')))).toBe(true);
    expect(mflIsPpr(readRules(rules('*1', 'CC', 'TE')))).toBe(true);
  });

  it('does not count a one-off bonus, a zero or another event', () => {
    expect(mflIsPpr(readRules(rules('1')))).toBe(false);
    expect(mflIsPpr(readRules(rules('*0')))).toBe(false);
    expect(mflIsPpr(readRules(rules('*6', '#C')))).toBe(false);
    expect(mflIsPpr([])).toBe(false);
  });

  it('reads the points forms MFL uses', () => {
    expect(perCatchPoints('*1')).toBe(1);
    expect(perCatchPoints('*.5')).toBe(0.5);
    expect(perCatchPoints('1/2')).toBe(0.5);
    expect(perCatchPoints('*-1')).toBe(-1);
    expect(perCatchPoints('6')).toBe(0);
    expect(perCatchPoints('')).toBe(0);
  });
});

describe('league facts from recorded Sleeper leagues', () => {
  it('a 12-team one-QB half-PPR league', () => {
    const league = sleeperLeagueSchema.parse(
      fixtureJson('sleeper', `${sleeperV1}league/522458773317046272.json`),
    );
    expect(sleeperFacts(league)).toEqual({ size: 12, qbFormat: '1QB', idp: false, ppr: true });
  });

  it('a superflex full-PPR league', () => {
    const league = sleeperLeagueSchema.parse(
      fixtureJson('sleeper', `${sleeperV1}league/711961723149553664.json`),
    );
    expect(sleeperFacts(league)).toEqual({ size: 12, qbFormat: 'SF', idp: false, ppr: true });
  });

  it('2QB, IDP and standard scoring from slots and scoring settings', () => {
    const league = sleeperLeagueSchema.parse({
      league_id: '1',
      total_rosters: 10,
      roster_positions: ['QB', 'QB', 'RB', 'WR', 'DL', 'LB', 'DB', 'IDP_FLEX', 'BN'],
      scoring_settings: { rec: 0, pass_td: 4 },
    });
    expect(sleeperFacts(league)).toEqual({ size: 10, qbFormat: '2QB', idp: true, ppr: false });
  });
});

describe('rookie drafts from recorded answers', () => {
  const players = readPlayers(fixtureJson('mfl', `${mfl2020}export-e54ca1.json`)).players;
  const byId = new Map(players.map((p) => [p.id, p]));
  const lookup = {
    isRookie: (p: { player: string }) => byId.get(p.player)?.draft_year === '2020',
    player: (id: string) => byId.get(id),
  };
  const facts = { size: 12, qbFormat: 'SF' as const, idp: false, ppr: true };
  const draftBody = (picks: [round: number, pick: number, player: string, time?: number][]) =>
    readDraftResults({
      draftResults: {
        draftUnit: {
          unit: 'LEAGUE',
          draftType: 'SDRAFT',
          draftPick: picks.map(([round, pick, player, time]) => ({
            round: String(round).padStart(2, '0'),
            pick: String(pick).padStart(2, '0'),
            player,
            franchise: '0001',
            timestamp: time === undefined ? '' : String(time),
            comments: '',
          })),
        },
      },
    })[0].picks;

  it('keeps the rookies of a rookie draft with their overall picks and names', () => {
    const picks = draftBody([
      [1, 1, '14777', 1_588_000_000],
      [1, 2, '14778', 1_588_000_600],
      [1, 3, '13128', 1_588_001_200], // a veteran taken back: not counted
      [2, 1, '14779'], // no time: takes the previous pick's
      [2, 2, ''], // still to come
    ]);
    const draft = mflDraft('37920', 2020, 'LEAGUE', { ...facts, size: 3 }, picks, lookup)!;
    expect(draft.draftKey).toBe('37920:2020:LEAGUE');
    expect(draft.startedAt.toISOString()).toBe(new Date(1_588_000_000_000).toISOString());
    expect(draft.picks.map((p) => [p.overall, p.player.name, p.player.position])).toEqual([
      [1, 'Joe Burrow', 'QB'],
      [2, 'Tua Tagovailoa', 'QB'],
      [4, 'Justin Herbert', 'QB'],
    ]);
    expect(draft.picks[2].pickedAt.getTime()).toBe(1_588_001_200_000);
  });

  it('leaves out a startup draft (mostly veterans) and an undated one', () => {
    const startup = draftBody([
      [1, 1, '13130', 1_588_000_000],
      [1, 2, '13128', 1_588_000_100],
      [1, 3, '14777', 1_588_000_200],
    ]);
    expect(mflDraft('1', 2020, 'LEAGUE', facts, startup, lookup)).toBeUndefined();
    expect(mflDraft('1', 2020, 'LEAGUE', facts, draftBody([[1, 1, '14777']]), lookup)).toBeUndefined();
  });

  it('reads a recorded Sleeper rookie draft: every pick, dated by the draft start', () => {
    const league = sleeperLeagueSchema.parse(
      fixtureJson('sleeper', `${sleeperV1}league/522458773317046272.json`),
    );
    const [draft] = (
      fixtureJson('sleeper', `${sleeperV1}league/522458773317046272/drafts.json`) as unknown[]
    ).map((d) => sleeperDraftSchema.parse(d));
    const picks = (
      fixtureJson('sleeper', `${sleeperV1}draft/522458773321240576/picks.json`) as unknown[]
    ).map((p) => sleeperDraftPickSchema.parse(p));
    const record = sleeperDraft(league.league_id, sleeperFacts(league)!, draft, picks)!;
    expect(record).toMatchObject({ service: 'sleeper', draftKey: '522458773321240576', season: 2020 });
    expect(record.picks).toHaveLength(48);
    expect(record.picks[0]).toMatchObject({
      overall: 1,
      player: { key: '6820', name: 'Clyde Edwards-Helaire', position: 'RB' },
    });
    expect(record.startedAt.getTime()).toBe(1_587_906_296_857);
  });
});

describe('the rules read exactly', () => {
  it('reads a starter limit as its range, spaces allowed, anything else as none', () => {
    expect(limitRange('1')).toEqual([1, 1]);
    expect(limitRange(' 12 - 14 ')).toEqual([12, 14]);
    expect(limitRange('3-1')).toEqual([3, 3]);
    for (const bad of ['', 'x1', '1x', '1-', '1-x', '1 -2x']) expect(limitRange(bad), bad).toEqual([0, 0]);
  });

  it('reads lower-case and spaced MFL group names', () => {
    const slot = (name: string, limit: string) => ({ name, limit });
    expect(mflQbFormat([slot(' qb ', '1'), slot('qb + rb', '0-1')])).toBe('SF');
    expect(mflQbFormat([slot('QB+RB', '2')])).toBe('SF');
    expect(mflIsIdp([slot('QB', '1'), slot('WR + lb', '1')])).toBe(true);
    expect(mflIsIdp([slot('QB', '1'), slot('x', '1')])).toBe(false);
  });

  it('reads points per catch, spaces ignored, and a bonus or a nonsense rule as none', () => {
    expect(perCatchPoints(' * 1 ')).toBe(1);
    expect(perCatchPoints('*.5')).toBe(0.5);
    expect(perCatchPoints('*10.25')).toBe(10.25);
    expect(perCatchPoints('*-1')).toBe(-1);
    expect(perCatchPoints('1 / 2')).toBe(0.5);
    expect(perCatchPoints('10/4')).toBe(2.5);
    expect(perCatchPoints('-3/12')).toBe(-0.25);
    for (const none of ['1', '*', 'x*1', '*1x', '1/0', '1/x', 'x1/2', '1/2x', '*a1', 'a/2'])
      expect(perCatchPoints(none), none).toBe(0);
  });

  it('reads a Sleeper league without a size as no league, and its size from either field', () => {
    const base = {
      league_id: '1',
      name: 'L',
      season: '2025',
      status: 'complete',
      roster_positions: ['QB', 'RB'],
    };
    expect(sleeperFacts({ ...base, total_rosters: 0 } as never)).toBeUndefined();
    expect(sleeperFacts({ ...base, settings: { num_teams: 10 } } as never)).toMatchObject({ size: 10 });
    expect(sleeperFacts({ ...base, total_rosters: 12, scoring_settings: { rec: 0.5 } } as never)).toEqual({
      size: 12,
      qbFormat: '1QB',
      idp: false,
      ppr: true,
    });
    expect(sleeperFacts({ ...base, total_rosters: 12 } as never)?.ppr).toBe(false);
    expect(sleeperFacts({ ...base, roster_positions: undefined, total_rosters: 8 } as never)).toEqual({
      size: 8,
      qbFormat: '1QB',
      idp: false,
      ppr: false,
    });
  });
});
