import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase } from '#test/database.ts';
import { type AdpFilter, queryAdp } from './adp-query.ts';
import type { DraftRecord } from './draft-record.ts';
import { saveDraft } from './store.ts';

/*
 * Which rows answer a month the window covers only in part. The answers themselves are checked
 * against an independent computation in adp-api.test.ts; here the monthly totals are altered on
 * purpose, so the answer shows whether they or the picks were read.
 */

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const draft = (key: string, startedAt: Date, overall: number): DraftRecord => ({
  service: 'mfl',
  draftKey: key,
  leagueId: key,
  season: 2025,
  facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
  startedAt,
  picks: [{ overall, pickedAt: startedAt, player: { key: '30001', name: 'Only Rookie', position: 'RB' } }],
});

const filter = (startDate: string, endDate: string): AdpFilter => ({
  service: 'mfl',
  sizes: [12],
  types: ['SF'],
  idp: 0,
  ppr: 0,
  startDate,
  endDate,
});

/** Adds 100 to every pick sum of the month's totals (the picks themselves stay as they are). */
const alterTotals = (month: string) =>
  database.db.execute(
    sql`UPDATE rookie_adp_months SET pick_sum = pick_sum + 100 WHERE month = ${month}::date`,
  );

describe('Rookie ADP query: months the window covers in part', () => {
  it('reads such a month from its totals when all its picks lie inside the window', async () => {
    await saveDraft(database.db, draft('mar-10', new Date(Date.UTC(2026, 2, 10, 12)), 4));
    await saveDraft(database.db, draft('mar-12', new Date(Date.UTC(2026, 2, 12, 12)), 6));
    await alterTotals('2026-03-01');

    // 5 March to 20 March: both drafts, no other pick of March outside it, so the totals answer.
    const answer = await queryAdp(database.db, filter('2026-03-05', '2026-03-20'));
    expect(answer.totalLeagues).toBe(2);
    expect(answer.players).toMatchObject([{ id: '30001', adp: (4 + 6 + 100) / 2, drafts: 2 }]);
  });

  it('reads the picks when the month has a pick outside the window', async () => {
    // A draft on 25 March rewrites the month's totals; alter them again.
    await saveDraft(database.db, draft('mar-25', new Date(Date.UTC(2026, 2, 25, 12)), 20));
    await alterTotals('2026-03-01');

    const answer = await queryAdp(database.db, filter('2026-03-05', '2026-03-20'));
    expect(answer.totalLeagues).toBe(2);
    expect(answer.players).toMatchObject([{ id: '30001', adp: 5, minPick: 4, maxPick: 6, drafts: 2 }]);
    // A window starting after a pick of the month, at either end of a longer window.
    const later = await queryAdp(database.db, filter('2026-03-11', '2026-04-30'));
    expect(later.players).toMatchObject([{ adp: 13, minPick: 6, maxPick: 20, drafts: 2 }]);
  });
});
