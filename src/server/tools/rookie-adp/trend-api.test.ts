import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdpAnswer,
  type AdpMonthsAnswer,
  type AdpService,
  MIN_TREND_DRAFTS,
  trendPeriods,
} from '#common/rookie-adp.ts';
import type { DraftRecord } from '#server/adp-data/draft-record.ts';
import { saveDraft } from '#server/adp-data/store.ts';
import { rookieAdpDrafts, rookieAdpPicks, rookieAdpPlayers } from '#server/db/schema-adp.ts';
import { type AdpTestApp, startAdpApp } from '#test/rookie-adp.ts';

/*
 * Trends and month-by-month ADP from the store, through app.inject against the database: a small
 * hand-made set with known answers (boundaries of the two periods included), then a generated set
 * checked against an independent computation over the stored rows.
 */

let t: AdpTestApp;
const DAY = 86_400_000;
const at = (iso: string, ms = 0) => new Date(Date.parse(`${iso}T00:00:00Z`) + ms);

const player = (n: number) => ({ key: String(30_000 + n), name: `Rookie ${n}`, position: 'WR' });
let seq = 0;
/** A 12-team 1QB PPR no-IDP Sleeper draft started at `startedAt`, players (by number) taken in order at the given overall picks. */
function draft(
  startedAt: Date,
  picks: [player: number, overall: number][],
  over: Partial<DraftRecord> = {},
): DraftRecord {
  seq++;
  return {
    service: 'sleeper',
    draftKey: `t${seq}`,
    leagueId: String(70_000 + seq),
    season: 2025,
    facts: { size: 12, qbFormat: '1QB', idp: false, ppr: true },
    startedAt,
    picks: picks.map(([n, overall], k) => ({
      overall,
      pickedAt: new Date(startedAt.getTime() + k * 60_000),
      player: player(n),
    })),
    ...over,
  };
}

const filter = {
  service: 'sleeper',
  sizes: [12],
  types: ['1QB', 'SF', '2QB'],
  idp: 0,
  ppr: 0,
  startDate: '2025-07-01',
  endDate: '2025-07-31',
  minShare: 0,
};

async function adp(body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/mfl/adp', payload: body });
  expect(res.statusCode).toBe(200);
  return res.json() as AdpAnswer;
}
async function months(body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/mfl/adp/months', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdpMonthsAnswer;
}

describe('trend: the 30 days ending at the window end against the 30 before', () => {
  beforeAll(async () => {
    t = await startAdpApp();
    // Recent period: 2 July to 31 July; prior: 2 June to 1 July (both days included).
    const recent = ['2025-07-02', '2025-07-15', '2025-07-31'];
    const prior = ['2025-06-02', '2025-06-20', '2025-07-01'];
    const drafts: DraftRecord[] = [
      // Player 1 rises: 5, 5, 5 then 2, 2, 3. Player 2 falls: 1, 2, 3 then 4, 4, 4.
      ...prior.map((d, i) =>
        draft(at(d, i === 2 ? DAY - 1 : 0), [
          [2, i + 1],
          [1, 5],
        ]),
      ),
      ...recent.map((d, i) =>
        draft(at(d, i === 2 ? DAY - 1 : 0), [
          [1, i === 2 ? 3 : 2],
          [2, 4],
        ]),
      ),
      // Player 3: two recent drafts only (under the minimum), three prior ones.
      ...recent.slice(0, 2).map((d) => draft(at(d, 3_600_000), [[3, 7]])),
      ...prior.map((d) => draft(at(d, 3_600_000), [[3, 9]])),
      // Other facts and other dates never count: a 10-team draft, and drafts before the prior period or after the window.
      draft(at('2025-07-10'), [[1, 30]], { facts: { size: 10, qbFormat: '1QB', idp: false, ppr: true } }),
      draft(at('2025-06-01', DAY - 1), [[1, 40]]),
      draft(at('2025-08-01'), [[1, 40]]),
      // An MFL draft of the same player ids: another service.
      draft(at('2025-07-10'), [[1, 50]], { service: 'mfl' as AdpService }),
    ];
    for (const d of drafts) await saveDraft(t.database.db, d);
  });
  afterAll(() => t?.close());

  it('gives each player recent ADP minus prior ADP (negative: rising), from drafts of the same filter', async () => {
    const body = await adp(filter);
    expect(body.source.kind).toBe('store');
    expect(body.trend?.recent).toEqual({ startDate: '2025-07-02', endDate: '2025-07-31' });
    expect(body.trend?.prior).toEqual({ startDate: '2025-06-02', endDate: '2025-07-01' });
    expect(body.trend?.note).toMatch(
      /^Trend: ADP in the 30 days from 07\/02\/2025 to 07\/31\/2025 minus ADP in the 30 days from 06\/02\/2025 to 07\/01\/2025, from the same Sleeper rookie drafts this site has read/,
    );
    const byId = new Map(body.players.map((p) => [p.id, p]));
    expect(byId.get('30001')?.trend).toBeCloseTo(7 / 3 - 5, 12);
    expect(byId.get('30002')?.trend).toBeCloseTo(4 - 2, 12);
    // Two recent drafts are too few for a trend.
    expect(byId.get('30003')).toBeDefined();
    expect(byId.get('30003')?.trend).toBeUndefined();
  });

  it('follows the window end, not its start: a short window still compares 30 days with 30', async () => {
    const body = await adp({ ...filter, startDate: '2025-07-30' });
    expect(body.trend?.recent).toEqual({ startDate: '2025-07-02', endDate: '2025-07-31' });
    // Only the 31 July draft is in the window, and the trends are the same.
    expect(body.players.map((p) => [p.id, p.trend])).toEqual([
      ['30001', 7 / 3 - 5],
      ['30002', 2],
    ]);
  });

  it('a window ending a day earlier moves both periods: 31 July leaves the recent one, 1 June joins the prior', async () => {
    const body = await adp({ ...filter, endDate: '2025-07-30' });
    expect(body.trend?.recent).toEqual({ startDate: '2025-07-01', endDate: '2025-07-30' });
    expect(body.trend?.prior).toEqual({ startDate: '2025-06-01', endDate: '2025-06-30' });
    // Player 1: recent 1, 2 and 15 July (5, 2, 2); prior 1, 2 and 20 June (40, 5, 5).
    expect(body.players.find((p) => p.id === '30001')?.trend).toBeCloseTo(3 - 50 / 3, 12);
    // Player 2: recent 1, 2 and 15 July (3, 4, 4); prior 2 and 20 June only (1, 2): too few.
    expect(body.players.find((p) => p.id === '30002')?.trend).toBeUndefined();
  });

  it("gives a player's ADP month by month under the filter, over the 12 months to the window's end", async () => {
    const body = await months({ ...filter, minShare: undefined, player: '30001' });
    expect(body.from).toBe('2024-08');
    expect(body.to).toBe('2025-07');
    // June: 5, 5, 40 (the 1 June draft counts in June's month); July: 5 (1 July), 2, 2, 3. Not the 10-team, MFL or August drafts.
    expect(body.months).toEqual([
      { month: '2025-06', adp: 50 / 3, drafts: 3 },
      { month: '2025-07', adp: 12 / 4, drafts: 4 },
    ]);
    expect(body.note).toMatch(/Sleeper rookie drafts this site has read/);
    const tenTeam = await months({ ...filter, sizes: [10], player: '30001' });
    expect(tenTeam.months).toEqual([{ month: '2025-07', adp: 30, drafts: 1 }]);
    const later = await months({ ...filter, endDate: '2025-08-15', player: '30001' });
    expect(later.months.at(-1)).toEqual({ month: '2025-08', adp: 40, drafts: 1 });
    expect((await months({ ...filter, player: 'nobody' })).months).toEqual([]);
  });

  it('refuses a filter the page would refuse, in the same words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp/months',
      payload: { ...filter, sizes: [], player: '30001' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Must select at least one league size.');
  });
});

describe('trend against an independent computation', () => {
  beforeAll(async () => {
    t = await startAdpApp();
    let s = 7;
    const r = () => {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      return s / 2_147_483_648;
    };
    for (let i = 0; i < 120; i++) {
      const startedAt = new Date(Date.UTC(2025, 3, 1) + Math.floor(r() * 120 * DAY));
      const order = Array.from({ length: 8 }, (_, k) => k).sort(() => r() - 0.5);
      await saveDraft(
        t.database.db,
        draft(
          startedAt,
          order.map((n, k) => [n, k + 1]),
          {
            facts: {
              size: r() < 0.5 ? 10 : 12,
              qbFormat: r() < 0.5 ? '1QB' : 'SF',
              idp: false,
              ppr: r() < 0.6,
            },
          },
        ),
      );
    }
  });
  afterAll(() => t?.close());

  it('matches recent minus prior ADP computed from the stored rows, for several window ends and filters', async () => {
    const db = t.database.db;
    const [drafts, picks, players] = await Promise.all([
      db.select().from(rookieAdpDrafts),
      db.select().from(rookieAdpPicks),
      db.select().from(rookieAdpPlayers),
    ]);
    const keyOf = new Map(players.map((p) => [p.id, p.playerKey]));
    let trends = 0;
    for (const endDate of ['2025-06-30', '2025-07-15', '2025-07-29'])
      for (const sizes of [[10], [12], [10, 12]])
        for (const ppr of [0, 1]) {
          const periods = trendPeriods(endDate);
          const adpIn = ({ startDate, endDate: end }: { startDate: string; endDate: string }) => {
            const from = Date.parse(`${startDate}T00:00:00Z`);
            const to = Date.parse(`${end}T00:00:00Z`) + DAY;
            const ids = new Set(
              drafts
                .filter(
                  (d) =>
                    sizes.includes(d.size) &&
                    (ppr === 0 || d.ppr) &&
                    d.startedAt.getTime() >= from &&
                    d.startedAt.getTime() < to,
                )
                .map((d) => d.id),
            );
            const by = new Map<string, number[]>();
            for (const p of picks.filter((p) => ids.has(p.draftId))) {
              const key = keyOf.get(p.playerId)!;
              by.set(key, [...(by.get(key) ?? []), p.overall]);
            }
            return by;
          };
          const recent = adpIn(periods.recent);
          const prior = adpIn(periods.prior);
          const body = await adp({ ...filter, sizes, ppr, startDate: '2025-04-01', endDate });
          for (const p of body.players) {
            const a = recent.get(p.id) ?? [];
            const b = prior.get(p.id) ?? [];
            const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
            if (a.length < MIN_TREND_DRAFTS || b.length < MIN_TREND_DRAFTS) expect(p.trend).toBeUndefined();
            else {
              expect(p.trend).toBeCloseTo(mean(a) - mean(b), 9);
              trends++;
            }
          }
        }
    expect(trends).toBeGreaterThan(50);
  });
});
