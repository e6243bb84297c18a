import { describe, expect, it } from 'vitest';
import { applyMinShare } from '#common/rookie-adp.ts';
import type { MflAdpPlayer, MflPlayer } from '#server/leagues/mfl/schemas.ts';
import type { AdpFilter } from './adp-query.ts';
import {
  aggregateCoverage,
  aggregateRefusal,
  combineSizes,
  rookiesOf,
  type SizeAnswer,
  toMflIsPpr,
} from './mfl-aggregate.ts';

const row = (id: string, averagePick: number, draftsSelectedIn: number, minPick: number, maxPick: number) =>
  ({
    id,
    rank: null,
    averagePick,
    minPick,
    maxPick,
    draftsSelectedIn,
    draftSelPct: null,
  }) satisfies MflAdpPlayer;

const everyone = (id: string) => ({ name: `Player ${id}`, position: 'WR' });

describe('combineSizes', () => {
  // Three sizes as MFL answers them: 100, 60 and 40 drafts.
  const ten: SizeAnswer = { totalDrafts: 100, players: [row('1', 2.5, 80, 1, 6), row('2', 5, 50, 2, 11)] };
  const twelve: SizeAnswer = { totalDrafts: 60, players: [row('1', 3.25, 40, 1, 9), row('2', 4, 30, 3, 8)] };
  const fourteen: SizeAnswer = { totalDrafts: 40, players: [row('1', 1.75, 20, 1, 3)] };

  it('weights each size by the drafts that took the player, and takes the extremes across sizes', () => {
    const { players, totalLeagues } = combineSizes([ten, twelve, fourteen], everyone);
    expect(totalLeagues).toBe(200);
    const [one, two] = players;
    // (2.5·80 + 3.25·40 + 1.75·20) / 140 = 365 / 140
    expect(one).toEqual({
      id: '1',
      name: 'Player 1',
      position: 'WR',
      adp: 365 / 140,
      minPick: 1,
      maxPick: 9,
      drafts: 140,
      draftShare: 140 / 200,
    });
    // Missing from the 14-team answer (under its CUTOFF): 0 picks from it, its 40 drafts still counted.
    // (5·50 + 4·30) / 80 = 370 / 80
    expect(two).toMatchObject({ adp: 370 / 80, minPick: 2, maxPick: 11, drafts: 80, draftShare: 80 / 200 });
  });

  it('gives the sizes alone what MFL gave them', () => {
    const { players, totalLeagues } = combineSizes([twelve], everyone);
    expect(totalLeagues).toBe(60);
    expect(players.map((p) => [p.id, p.adp, p.drafts, p.draftShare])).toEqual([
      ['1', 3.25, 40, 40 / 60],
      ['2', 4, 30, 30 / 60],
    ]);
  });

  it('orders by ADP, then by drafts, then by id; skips rows without picks', () => {
    const answer: SizeAnswer = {
      totalDrafts: 10,
      players: [
        row('30', 7, 3, 5, 9),
        row('4', 7, 3, 6, 8),
        row('5', 7, 5, 6, 8),
        row('6', 2, 0, 2, 2),
        { ...row('7', 1, 4, 1, 1), averagePick: null },
      ],
    };
    expect(combineSizes([answer], everyone).players.map((p) => p.id)).toEqual(['5', '30', '4']);
  });

  it('keeps rookies only: MFL rookie-only drafts also take devy and veteran players', () => {
    const players = new Map<string, MflPlayer>([
      ['1', { id: '1', name: 'Rookie, Ray', position: 'RB', team: 'KCC', draft_year: '2026' }],
      ['2', { id: '2', name: 'Veteran, Vic', position: 'WR', team: 'BUF', draft_year: '2019' }],
      ['3', { id: '3', name: 'Devy, Dan', position: 'QB', team: 'FA' }],
    ]);
    const answer: SizeAnswer = {
      totalDrafts: 50,
      players: [
        row('2', 1.5, 40, 1, 3),
        row('1', 3, 45, 1, 8),
        row('3', 9, 10, 4, 20),
        row('9', 4, 30, 2, 7),
      ],
    };
    const { players: kept, totalLeagues } = combineSizes([answer], rookiesOf(players, 2026));
    expect(kept).toEqual([
      {
        id: '1',
        name: 'Ray Rookie',
        position: 'RB',
        adp: 3,
        minPick: 1,
        maxPick: 8,
        drafts: 45,
        draftShare: 0.9,
      },
    ]);
    // The drafts are still all of MFL's: the others were picked in them too.
    expect(totalLeagues).toBe(50);
  });

  it('applies the minimum share only after combining', () => {
    // 4 % of the 10-team drafts and 8 % of the 12-team ones: 12 of 200 drafts, 6 % together.
    const a: SizeAnswer = { totalDrafts: 100, players: [row('1', 20, 4, 15, 25)] };
    const b: SizeAnswer = { totalDrafts: 100, players: [row('1', 22, 8, 18, 30)] };
    const { players } = combineSizes([a, b], everyone);
    expect(players[0].draftShare).toBeCloseTo(0.06, 10);
    expect(applyMinShare(players, 5)).toEqual({ players, hidden: 0 });
    expect(applyMinShare(players, 7)).toEqual({ players: [], hidden: 1 });
    // Size by size, the 10-team share (4 %) would have hidden him under 5 %.
    expect(applyMinShare(combineSizes([a], everyone).players, 5).hidden).toBe(1);
  });

  it('answers nothing when MFL has no drafts', () => {
    expect(combineSizes([{ totalDrafts: 0, players: [] }], everyone)).toEqual({
      players: [],
      totalLeagues: 0,
    });
  });
});

describe('the page PPR select as MFL IS_PPR', () => {
  it('maps Any 0, Yes 1, No -1 to -1, 1, 0', () => {
    expect([0, 1, -1].map((v) => toMflIsPpr(v as -1 | 0 | 1))).toEqual([-1, 1, 0]);
  });
});

describe('aggregateRefusal', () => {
  const now = Date.UTC(2026, 10, 26, 15); // 26 November 2026
  const all: AdpFilter = {
    service: 'mfl',
    sizes: [10, 12, 14],
    types: ['1QB', 'SF', '2QB'],
    idp: 0,
    ppr: 0,
    startDate: '2026-10-27',
    endDate: '2026-11-26',
  };

  it('lets MFL answer this season up to today, whatever the sizes and PPR', () => {
    expect(aggregateRefusal(all, now)).toBeUndefined();
    expect(aggregateRefusal({ ...all, sizes: [12], ppr: -1 }, now)).toBeUndefined();
    expect(aggregateRefusal({ ...all, startDate: '2026-03-01', endDate: '2027-02-28' }, now)).toBeUndefined();
    // A visitor west of UTC may still be on yesterday.
    expect(aggregateRefusal({ ...all, endDate: '2026-11-25' }, now)).toBeUndefined();
  });

  it('says why it cannot: IDP, QB formats, a window that ends early, spans two seasons or is later', () => {
    expect(aggregateRefusal({ ...all, idp: 1 }, now)).toMatch(/cannot tell IDP leagues/);
    expect(aggregateRefusal({ ...all, idp: -1 }, now)).toMatch(/cannot tell IDP leagues/);
    expect(aggregateRefusal({ ...all, types: ['1QB', 'SF'] }, now)).toMatch(
      /cannot tell 1QB, superflex and 2QB leagues apart/,
    );
    expect(aggregateRefusal({ ...all, endDate: '2026-11-24' }, now)).toMatch(
      /up to today, and these dates end on 11\/24\/2026\./,
    );
    expect(aggregateRefusal({ ...all, startDate: '2026-02-20', endDate: '2026-11-26' }, now)).toMatch(
      /one season at a time .* span two/,
    );
    expect(aggregateRefusal({ ...all, startDate: '2027-03-01', endDate: '2027-03-31' }, now)).toMatch(
      /2026 season so far \(seasons turn over on March 1\), and these dates are in the 2027 season\./,
    );
    const both = aggregateRefusal({ ...all, idp: 1, types: ['2QB'] }, now)!;
    expect(both).toMatch(/IDP.*2QB.*instead\.$/);
  });

  it('turns over with MFL on 1 March (UTC)', () => {
    const march = Date.UTC(2027, 2, 1, 12);
    const window = { startDate: '2027-01-30', endDate: '2027-03-01' };
    expect(aggregateRefusal({ ...all, ...window }, march)).toMatch(/span two/);
    expect(
      aggregateRefusal({ ...all, startDate: '2027-03-01', endDate: '2027-03-01' }, march),
    ).toBeUndefined();
    expect(aggregateRefusal({ ...all, startDate: '2027-02-01', endDate: '2027-02-28' }, march)).toMatch(
      /covers the 2027 season so far .* these dates are in the 2026 season\./,
    );
  });
});

describe('aggregateCoverage', () => {
  const answered = { startTime: Date.UTC(2026, 2, 1), endTime: Date.UTC(2026, 10, 29) };
  it('names the dates answered and the dates chosen when they differ', () => {
    expect(aggregateCoverage({ startDate: '2026-10-01', endDate: '2026-12-31' }, answered, 2026)).toBe(
      "These figures are MFL's own ADP over its whole 2026 season so far, 03/01/2026 to 11/28/2026: MFL does not cut them to the dates above (10/01/2026 to 12/31/2026).",
    );
  });
  it('says nothing when the chosen dates are the season so far', () => {
    expect(
      aggregateCoverage({ startDate: '2026-03-01', endDate: '2026-11-28' }, answered, 2026),
    ).toBeUndefined();
  });
});
