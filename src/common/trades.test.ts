import { describe, expect, it } from 'vitest';
import { rangeEnd, rangeStart, storedTradeSchema, tradesRequestSchema } from './trades.ts';

describe('the trades date range', () => {
  it('a day runs from its first instant to its end (UTC); a time is itself', () => {
    expect(rangeStart('2025-05-01').toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(rangeEnd('2025-05-01').toISOString()).toBe('2025-05-02T00:00:00.000Z');
    expect(rangeStart('2025-05-01T12:00:00+02:00').toISOString()).toBe('2025-05-01T10:00:00.000Z');
    expect(rangeEnd('2025-05-01T12:00:00Z').toISOString()).toBe('2025-05-01T12:00:00.001Z');
  });

  it('one day as both ends is that day; from after to is refused', () => {
    expect(
      tradesRequestSchema.safeParse({ player: 'mfl:13418', from: '2025-05-01', to: '2025-05-01' }).success,
    ).toBe(true);
    expect(
      tradesRequestSchema.safeParse({ player: 'mfl:13418', from: '2025-05-02', to: '2025-05-01' }).success,
    ).toBe(false);
  });
});

describe('a stored trade', () => {
  const trade = {
    service: 'sleeper',
    tradeId: '1',
    leagueId: 'L',
    season: 2025,
    tradedAt: '2025-05-01T00:00:00Z',
    format: { size: 12, qbFormat: 'SF', ppr: 1, tePremium: 0, idp: false },
    sides: [
      { players: ['1'], picks: [], faab: 0 },
      { players: [], picks: [{ season: 2026, round: 1, slot: null }], faab: 0 },
    ],
  };
  it('has two sides or more, each receiving something', () => {
    expect(storedTradeSchema.parse(trade).tradedAt).toEqual(new Date('2025-05-01T00:00:00Z'));
    expect(storedTradeSchema.safeParse({ ...trade, sides: [trade.sides[0]] }).success).toBe(false);
    expect(
      storedTradeSchema.safeParse({ ...trade, sides: [trade.sides[0], { players: [], picks: [], faab: 0 }] })
        .success,
    ).toBe(false);
    // FAAB alone is something.
    expect(
      storedTradeSchema.safeParse({ ...trade, sides: [trade.sides[0], { players: [], picks: [], faab: 5 }] })
        .success,
    ).toBe(true);
  });
});
