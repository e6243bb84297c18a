import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auctionCsv, budgetShare, formatBudgetShare, startupCaption } from '#common/startup-adp.ts';
import { rookiePicks } from './draft-record.ts';
import {
  auctionShares,
  isMflFirstSeason,
  isSleeperFirstSeason,
  isVeteranDraft,
  mflLoadsByAuction,
  sleeperDraftKind,
} from './startup-record.ts';

/* The startup rules of decision 021, pure. */

describe('which drafts are startups', () => {
  it('a draft of mostly veterans is a startup; a rookie-only one or one of half rookies never is', () => {
    const rookie = (p: string) => p === 'r';
    expect(isVeteranDraft(['v', 'v', 'r'], rookie, false)).toBe(true);
    expect(isVeteranDraft(['v', 'r'], rookie, false)).toBe(false);
    expect(isVeteranDraft(['v', 'v', 'v'], rookie, true)).toBe(false);
    expect(isVeteranDraft([], rookie, false)).toBe(false);
  });

  it('is the exact complement of the rookie-draft rule: no draft is both, every non-empty draft is one', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), fc.boolean(), (picks, only) => {
        const isRookie = (p: boolean) => p;
        const rookieDraft = rookiePicks(picks, isRookie, only).length > 0 || (only && picks.length > 0);
        const startup = isVeteranDraft(picks, isRookie, only);
        expect(rookieDraft && startup).toBe(false);
        expect(rookieDraft || startup).toBe(true);
      }),
    );
  });

  it("reads Sleeper's draft type: an auction, a draft by pick order (snake, linear), or neither", () => {
    expect(sleeperDraftKind('auction')).toBe('auction');
    expect(sleeperDraftKind('snake')).toBe('snake');
    expect(sleeperDraftKind('linear')).toBe('snake');
    expect(sleeperDraftKind('offline')).toBeUndefined();
    expect(sleeperDraftKind(null)).toBeUndefined();
  });

  it("takes a Sleeper league's first season from its missing previous league", () => {
    expect(isSleeperFirstSeason(null)).toBe(true);
    expect(isSleeperFirstSeason('0')).toBe(true);
    expect(isSleeperFirstSeason('386236959468675072')).toBe(false);
  });

  it("takes an MFL league's first season from a history with no earlier season", () => {
    expect(isMflFirstSeason([{ year: '2020' }], 2020)).toBe(true);
    expect(isMflFirstSeason([], 2020)).toBe(true);
    expect(isMflFirstSeason([{ year: '2021' }, { year: '2020' }], 2020)).toBe(true);
    expect(isMflFirstSeason([{ year: '2019' }, { year: '2020' }], 2020)).toBe(false);
  });

  it("reads an MFL auction from how the league's rosters were loaded", () => {
    expect(mflLoadsByAuction('email_auction')).toBe(true);
    expect(mflLoadsByAuction('live_auction')).toBe(true);
    expect(mflLoadsByAuction('email_draft')).toBe(false);
    expect(mflLoadsByAuction(undefined)).toBe(false);
  });
});

describe('an auction as shares of the budget', () => {
  it('is price over budget, from 0 to 1; no budget, a negative price or one over the budget is no share', () => {
    expect(budgetShare(50, 200)).toBe(0.25);
    expect(budgetShare(0, 200)).toBe(0);
    expect(budgetShare(200, 200)).toBe(1);
    expect(budgetShare(201, 200)).toBeUndefined();
    expect(budgetShare(-1, 200)).toBeUndefined();
    expect(budgetShare(10, 0)).toBeUndefined();
    expect(budgetShare(Number.NaN, 200)).toBeUndefined();
  });

  it('keeps each player once, at his first price, and leaves out prices that are not shares', () => {
    const player = (key: string) => ({ key, name: key, position: 'RB' });
    const sales = [
      { p: 'a', price: 50 },
      { p: 'b', price: 300 },
      { p: 'a', price: 10 },
      { p: 'c', price: 1 },
    ];
    expect(auctionShares(sales, 200, (s) => ({ price: s.price, player: player(s.p) }))).toEqual([
      { value: 0.25, player: player('a') },
      { value: 0.005, player: player('c') },
    ]);
  });

  it('is shown as a percentage to one decimal, in the table and the CSV', () => {
    expect(formatBudgetShare(0.12345)).toBe('12.3%');
    expect(
      auctionCsv([
        {
          id: '1',
          position: 'WR',
          name: 'Ja, Jr.',
          share: 0.25,
          minShare: 0.2,
          maxShare: 0.3,
          drafts: 4,
          draftShare: 0.5,
        },
      ]).split(/\r?\n/),
    ).toEqual([
      'Rank,Pos.,Name,Avg % of budget,Min %,Max %,Auctions,Share',
      '1,WR,"Ja, Jr.",25.0%,20.0%,30.0%,4,50.0%',
      '',
    ]);
  });

  it('names the kind in the caption, so an auction is never read as a snake draft', () => {
    expect(startupCaption(3, 'Sleeper', 'auction', '2025-05-01', '2025-05-31')).toBe(
      'Data collected from 3 Sleeper startup auctions between 05/01/2025 and 05/31/2025.',
    );
    expect(startupCaption(1, 'MFL', 'snake', '2025-05-01', '2025-05-31')).toBe(
      'Data collected from 1 MFL startup snake draft between 05/01/2025 and 05/31/2025.',
    );
  });
});
