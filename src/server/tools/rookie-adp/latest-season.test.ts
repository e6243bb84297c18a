import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdpAnswer, AdpService } from '#common/rookie-adp.ts';
import type { DraftRecord } from '#server/adp-data/draft-record.ts';
import { saveDraft } from '#server/adp-data/store.ts';
import { type AdpTestApp, startAdpApp } from '#test/rookie-adp.ts';
import { latestRookieSeason } from './latest-season.ts';

/*
 * The season offered when a window holds no drafts: read from the stored drafts (a real database),
 * and offered by POST /api/mfl/adp only when the answer has no drafts.
 */

let t: AdpTestApp;
let n = 0;

/** A stored draft of one service starting at `iso`, with one rookie pick unless `picks` is 0. */
async function draftAt(service: AdpService, iso: string, picks = 1): Promise<void> {
  const startedAt = new Date(iso);
  const key = `latest-${n++}`;
  const draft: DraftRecord = {
    service,
    draftKey: key,
    leagueId: key,
    season: startedAt.getUTCFullYear(),
    facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
    startedAt,
    picks: Array.from({ length: picks }, (_, i) => ({
      overall: i + 1,
      pickedAt: startedAt,
      player: { key: `p${i}`, name: `Rookie ${i}`, position: 'WR' },
    })),
  };
  await saveDraft(t.database.db, draft);
}

const at = (iso: string) => Date.parse(iso);

async function post(payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mfl/adp',
    payload: { sizes: [10, 12, 14], types: ['1QB', 'SF', '2QB'], ...payload },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AdpAnswer;
}

beforeAll(async () => {
  t = await startAdpApp();
});
afterAll(() => t?.close());

describe('latestRookieSeason', () => {
  it('is undefined while the store holds no draft of the service, and the API then offers nothing', async () => {
    expect(await latestRookieSeason(t.database.db, 'mfl')).toBeUndefined();
    expect(await latestRookieSeason(t.database.db, 'sleeper')).toBeUndefined();
    const body = await post({ startDate: '2001-01-01', endDate: '2001-01-31' });
    expect(body.totalLeagues).toBe(0);
    expect(body).not.toHaveProperty('latest');
  });

  it("gives the newest draft's MFL season, March to February, up to today at most", async () => {
    await draftAt('mfl', '2024-07-10T18:00:00Z');
    await draftAt('mfl', '2026-02-10T18:00:00Z');
    await draftAt('sleeper', '2026-05-01T12:00:00Z');
    const now = at('2026-11-26T15:00:00Z');
    // January and February still belong to the season before; it ended on the last day of February.
    expect(await latestRookieSeason(t.database.db, 'mfl', now)).toEqual({
      startDate: '2025-03-01',
      endDate: '2026-02-28',
      label: '2025 season',
    });
    // The season under way ends today (UTC).
    expect(await latestRookieSeason(t.database.db, 'sleeper', now)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-11-26',
      label: '2026 season',
    });
  });

  it('rolls over at the start of March (UTC) and knows leap years', async () => {
    await draftAt('mfl', '2027-02-28T23:59:59.999Z');
    expect(await latestRookieSeason(t.database.db, 'mfl', at('2027-06-01T00:00:00Z'))).toEqual({
      startDate: '2026-03-01',
      endDate: '2027-02-28',
      label: '2026 season',
    });
    await draftAt('mfl', '2027-03-01T00:00:00Z');
    expect(await latestRookieSeason(t.database.db, 'mfl', at('2027-03-01T08:00:00Z'))).toEqual({
      startDate: '2027-03-01',
      endDate: '2027-03-01',
      label: '2027 season',
    });
    await draftAt('mfl', '2028-01-15T00:00:00Z');
    expect(await latestRookieSeason(t.database.db, 'mfl', at('2029-01-01T00:00:00Z'))).toEqual({
      startDate: '2027-03-01',
      endDate: '2028-02-29',
      label: '2027 season',
    });
  });

  it('leaves out drafts without picks and drafts that have not begun', async () => {
    await draftAt('sleeper', '2026-09-01T00:00:00Z', 0);
    await draftAt('sleeper', '2090-04-01T00:00:00Z');
    // Seen from 2026-12-01: the September draft has no pick, the 2090 one lies ahead.
    expect(await latestRookieSeason(t.database.db, 'sleeper', at('2026-12-01T00:00:00Z'))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-12-01',
      label: '2026 season',
    });
  });
});

describe('POST /api/mfl/adp out of season', () => {
  it('offers the latest season of the service asked when the window holds no drafts', async () => {
    const now = Date.now();
    const empty = { startDate: '2001-01-01', endDate: '2001-01-31' };
    const mfl = await post(empty);
    expect(mfl.totalLeagues).toBe(0);
    expect(mfl.latest).toEqual(await latestRookieSeason(t.database.db, 'mfl', now));
    expect(mfl.latest?.label).toMatch(/^\d{4} season$/);
    const sleeper = await post({ ...empty, service: 'sleeper' });
    expect(sleeper.latest).toEqual(await latestRookieSeason(t.database.db, 'sleeper', now));
    expect(sleeper.latest).not.toEqual(mfl.latest);
  });

  it('offers nothing when the window holds drafts', async () => {
    const body = await post({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(body.totalLeagues).toBe(1);
    expect(body).not.toHaveProperty('latest');
  });
});
