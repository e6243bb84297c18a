import { describe, expect, it } from 'vitest';
import { copyDays } from '#server/adp-data/mfl-copies.ts';
import { openTestDatabase } from '#test/database.ts';
import { demoCopyDays, seedDemoMflCopies } from './demo-mfl-copies.ts';

/* The demo's history of MFL's counts (decision 025): the days it seeds, once. */

describe("the demo's copies of MFL's counts", () => {
  it('seeds the days the page compares and this season’s month ends, never before the season', () => {
    expect(demoCopyDays(Date.parse('2026-11-26T12:00:00Z'))).toEqual([
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-27',
      '2026-09-30',
      '2026-10-27',
      '2026-10-31',
      '2026-11-26',
    ]);
    // Sixty days before 10 April is in the season before: left out.
    expect(demoCopyDays(Date.parse('2026-04-10T12:00:00Z'))).toEqual([
      '2026-03-11',
      '2026-03-31',
      '2026-04-10',
    ]);
  });

  it('saves the answers of each day once, as MFL answered them', async () => {
    const database = await openTestDatabase();
    try {
      const now = Date.parse('2026-05-20T12:00:00Z');
      const asked: string[] = [];
      const answerAt = (params: Record<string, string>, at: number) => {
        asked.push(`${new Date(at).toISOString()} ${params.FCOUNT}:${params.IS_PPR}`);
        return {
          version: '1.0',
          adp: { totalDrafts: '4', totalPicks: '8', timestamp: String(at / 1000), player: [] },
        };
      };
      expect(await seedDemoMflCopies(database.db, answerAt, now)).toBe(5 * 9);
      expect(asked).toContain('2026-04-20T23:00:00.000Z 12:-1');
      expect(asked).toContain('2026-05-20T12:00:00.000Z 14:0');
      // 60 and 30 days back, today, and the ends of March and April.
      expect(await copyDays(database.db, { season: 2026, sizes: [10, 12, 14], ppr: 0 })).toEqual([
        '2026-03-21',
        '2026-03-31',
        '2026-04-20',
        '2026-04-30',
        '2026-05-20',
      ]);
      expect(await seedDemoMflCopies(database.db, answerAt, now)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
