import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADP_LEAGUE_SIZES,
  ADP_LEAGUE_TYPES,
  type AdpAnswer,
  type AdpLeagueSize,
  type AdpLeagueType,
  type AdpService,
  type TriState,
} from '#common/rookie-adp.ts';
import type { DraftRecord } from '#server/adp-data/draft-record.ts';
import { ADP_VERSION_KEY } from '#server/adp-data/ingest.ts';
import { rebuildMonths } from '#server/adp-data/months.ts';
import { saveDraft } from '#server/adp-data/store.ts';
import { rookieAdpDrafts, rookieAdpMonths, rookieAdpPicks, rookieAdpPlayers } from '#server/db/schema-adp.ts';
import { PLAIN_WORDS } from '#server/http/validation-message.ts';
import { type AdpTestApp, startAdpApp } from '#test/rookie-adp.ts';

/*
 * POST /api/mfl/adp against an independent computation in TypeScript over the same stored rows:
 * every combination of sizes, types, IDP and PPR, and random date windows.
 */

let t: AdpTestApp;

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 4, 1); // 1 May 2025, 00:00 UTC

/** A small deterministic generator, so the data set is the same on every run and both databases. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Drafts of every size (8 and 16 included, which no filter selects), format, IDP and PPR, on both
 * services, spread over 100 days (May to early August) with some starting exactly at a day's first or
 * last millisecond;
 * some drafts are copies of others so that ADP ties happen.
 */
function makeDrafts(): DraftRecord[] {
  const r = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const pool = Array.from({ length: 60 }, (_, i) => ({
    key: String(20_000 + i),
    name: `Rookie ${String.fromCharCode(65 + (i % 26))}${i}`,
    position: pick(['QB', 'RB', 'WR', 'TE', 'DE', 'LB', 'CB', 'S', 'PK']),
  }));
  const drafts: DraftRecord[] = [];
  for (let i = 0; i < 160; i++) {
    const day = Math.floor(r() * 100);
    const edge = r();
    const startedAt = new Date(
      BASE + day * DAY + (edge < 0.1 ? 0 : edge < 0.2 ? DAY - 1 : Math.floor(r() * DAY)),
    );
    const copy = i > 10 && r() < 0.15 ? drafts[Math.floor(r() * drafts.length)] : undefined;
    const service: AdpService = r() < 0.85 ? 'mfl' : 'sleeper';
    const size = pick([8, 10, 10, 12, 12, 12, 14, 14, 16]);
    const order = [...pool].sort(() => r() - 0.5).slice(0, 10 + Math.floor(r() * 30));
    drafts.push({
      service,
      draftKey: `d${i}`,
      leagueId: String(50_000 + i),
      season: 2025,
      facts: copy?.facts ?? { size, qbFormat: pick(ADP_LEAGUE_TYPES), idp: r() < 0.3, ppr: r() < 0.7 },
      startedAt,
      // Some overall numbers are skipped (veterans taken, not stored).
      picks:
        copy?.picks ??
        order.map((player, k) => ({
          overall: k + 1 + Math.floor(k / 7),
          pickedAt: new Date(startedAt.getTime() + k * 60_000),
          player,
        })),
    });
  }
  return drafts;
}

interface Filter {
  sizes: AdpLeagueSize[];
  types: AdpLeagueType[];
  idp: TriState;
  ppr: TriState;
  startDate: string;
  endDate: string;
  service?: AdpService;
}

/** The stored rows, read back with plain selects. */
async function storedRows() {
  const db = t.database.db;
  const [drafts, picks, players] = await Promise.all([
    db.select().from(rookieAdpDrafts),
    db.select().from(rookieAdpPicks),
    db.select().from(rookieAdpPlayers),
  ]);
  return { drafts, picks, players };
}
type Rows = Awaited<ReturnType<typeof storedRows>>;

/** The expected answer, computed from the stored rows without SQL's help. */
function expected(f: Filter, { drafts, picks, players }: Rows): Pick<AdpAnswer, 'players' | 'totalLeagues'> {
  const from = Date.parse(`${f.startDate}T00:00:00.000Z`);
  const to = Date.parse(`${f.endDate}T00:00:00.000Z`) + DAY;
  const tri = (want: TriState, v: boolean) => want === 0 || (want === 1) === v;
  const matched = new Set(
    drafts
      .filter(
        (d) =>
          d.service === (f.service ?? 'mfl') &&
          (f.sizes as number[]).includes(d.size) &&
          (f.types as string[]).includes(d.qbFormat) &&
          tri(f.idp, d.idp) &&
          tri(f.ppr, d.ppr) &&
          d.startedAt.getTime() >= from &&
          d.startedAt.getTime() < to,
      )
      .map((d) => d.id),
  );
  const byPlayer = new Map<number, number[]>();
  for (const p of picks) {
    if (!matched.has(p.draftId)) continue;
    byPlayer.set(p.playerId, [...(byPlayer.get(p.playerId) ?? []), p.overall]);
  }
  const people = new Map(players.map((p) => [p.id, p]));
  const rows = [...byPlayer].map(([id, overalls]) => {
    const who = people.get(id)!;
    const sum = overalls.reduce((a, b) => a + b, 0);
    return {
      id: who.playerKey,
      position: who.position,
      name: who.name,
      adp: sum / overalls.length,
      minPick: Math.min(...overalls),
      maxPick: Math.max(...overalls),
      drafts: overalls.length,
      draftShare: overalls.length / matched.size,
    };
  });
  rows.sort((a, b) => a.adp - b.adp || b.drafts - a.drafts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { players: rows, totalLeagues: matched.size };
}

/** Every player, whatever his share (the minimum share is tested in mfl-aggregate-api.test.ts). */
async function post(payload: unknown) {
  const body = typeof payload === 'object' && payload !== null ? { minShare: 0, ...payload } : payload;
  return t.app.inject({ method: 'POST', url: '/api/mfl/adp', payload: body as object });
}

const subsets = <T>(xs: readonly T[]): T[][] =>
  Array.from({ length: 2 ** xs.length - 1 }, (_, m) => xs.filter((_, i) => (m + 1) & (1 << i)));

beforeAll(async () => {
  t = await startAdpApp();
  for (const d of makeDrafts()) await saveDraft(t.database.db, d);
});
afterAll(() => t?.close());

describe('POST /api/mfl/adp', () => {
  it('answers every combination of sizes, types, IDP and PPR as the independent computation does', async () => {
    const rows = await storedRows();
    let withPlayers = 0;
    let ties = 0;
    // Whole months only; and whole months with partial ones at both ends.
    const windows = [
      ['2025-05-01', '2025-07-31'],
      ['2025-04-20', '2025-08-05'],
    ];
    for (const [startDate, endDate] of windows)
      for (const sizes of subsets(ADP_LEAGUE_SIZES))
        for (const types of subsets(ADP_LEAGUE_TYPES))
          for (const idp of [0, 1, -1] as TriState[])
            for (const ppr of [0, 1, -1] as TriState[]) {
              const f: Filter = { sizes, types, idp, ppr, startDate, endDate };
              // Every player, however rarely taken, as the independent computation lists them.
              const res = await post({ ...f, minShare: 0 });
              expect(res.statusCode).toBe(200);
              const body = res.json() as AdpAnswer;
              expect(body, JSON.stringify(f)).toMatchObject(expected(f, rows));
              expect(body.startTime).toBe(Date.parse(`${startDate}T00:00:00Z`));
              if (body.players.length) withPlayers++;
              ties += body.players.filter((p, i) => i > 0 && p.adp === body.players[i - 1].adp).length;
            }
    // The data set is rich enough that most filters find drafts and some ADPs tie.
    expect(withPlayers).toBeGreaterThan(600);
    expect(ties).toBeGreaterThan(0);
    // 882 answers, each the window and the two trend periods (three queries): minutes on a busy machine.
  }, 180_000);

  it('answers random windows and services as the independent computation does', async () => {
    const rows = await storedRows();
    const day = fc
      .integer({ min: -3, max: 102 })
      .map((n) => new Date(BASE + n * DAY).toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...ADP_LEAGUE_SIZES], { minLength: 1 }),
        fc.subarray([...ADP_LEAGUE_TYPES], { minLength: 1 }),
        fc.constantFrom<TriState>(-1, 0, 1),
        fc.constantFrom<TriState>(-1, 0, 1),
        day,
        day,
        fc.constantFrom<AdpService>('mfl', 'sleeper'),
        async (sizes, types, idp, ppr, a, b, service) => {
          const [startDate, endDate] = a <= b ? [a, b] : [b, a];
          const f: Filter = { sizes, types, idp, ppr, startDate, endDate, service };
          const body = (await post({ ...f, minShare: 0 })).json() as AdpAnswer;
          expect(body).toMatchObject(expected(f, rows));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('counts a draft starting on the last millisecond of the end day, not one on the next day', async () => {
    const base = { sizes: [10], types: ['1QB'], idp: 0, ppr: 0 } as const;
    const day = '2025-10-01';
    const at = (ms: number, key: string): DraftRecord => ({
      service: 'mfl',
      draftKey: key,
      leagueId: key,
      season: 2025,
      facts: { size: 10, qbFormat: '1QB', idp: false, ppr: true },
      startedAt: new Date(ms),
      picks: [
        { overall: 1, pickedAt: new Date(ms), player: { key: '99999', name: 'Edge Case', position: 'RB' } },
      ],
    });
    await saveDraft(t.database.db, at(Date.UTC(2025, 9, 1, 23, 59, 59, 999), 'edge-last'));
    await saveDraft(t.database.db, at(Date.UTC(2025, 9, 2), 'edge-next'));
    await saveDraft(t.database.db, at(Date.UTC(2025, 9, 1) - 1, 'edge-before'));
    const body = (await post({ ...base, startDate: day, endDate: day })).json() as AdpAnswer;
    expect(body.totalLeagues).toBe(1);
    expect(body.players).toEqual([
      {
        id: '99999',
        position: 'RB',
        name: 'Edge Case',
        adp: 1,
        minPick: 1,
        maxPick: 1,
        drafts: 1,
        draftShare: 1,
      },
    ]);
  });

  it('lists players at or above the minimum share and counts the others as hidden', async () => {
    const f = {
      sizes: [10, 12, 14],
      types: ['1QB', 'SF', '2QB'],
      startDate: '2025-05-01',
      endDate: '2025-08-31',
    };
    const all = (await post({ ...f, minShare: 0 })).json() as AdpAnswer;
    expect(all.hidden).toBe(0);
    let hidden = 0;
    for (const minShare of [undefined, 30, 60]) {
      const body = (await post({ ...f, minShare })).json() as AdpAnswer;
      const floor = (minShare ?? 5) / 100;
      expect(body.players).toEqual(all.players.filter((p) => p.draftShare >= floor));
      expect(body.hidden).toBe(all.players.length - body.players.length);
      expect(body.totalLeagues).toBe(all.totalLeagues);
      hidden += body.hidden;
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it('answers an empty list when nothing matches, with the window searched', async () => {
    const res = await post({ sizes: [12], types: ['2QB'], startDate: '2030-01-01', endDate: '2030-01-31' });
    expect(res.json()).toMatchObject({
      players: [],
      hidden: 0,
      totalLeagues: 0,
      startTime: Date.UTC(2030, 0, 1),
      endTime: Date.UTC(2030, 1, 1),
      // MFL's own ADP cannot answer 2QB alone: the store does, and says so.
      source: {
        kind: 'store',
        note: 'From the MFL rookie drafts this site has read.',
        switchReason: expect.stringMatching(/cannot tell 1QB, superflex and 2QB leagues apart/),
      },
      // The newest season with stored drafts (MFL's 2025, which is over), offered in one click.
      latest: { startDate: '2025-03-01', endDate: '2026-02-28', label: '2025 season' },
    });
  });

  it('gives the three check messages in order, exactly as the page shows them', async () => {
    const dates = { startDate: '2025-05-01', endDate: '2025-05-31' };
    const cases: [unknown, string[]][] = [
      [
        { sizes: [], types: [], startDate: '', endDate: '' },
        [
          'Must select at least one league size.',
          'Must select at least one league type.',
          'Invalid date range.',
        ],
      ],
      [{ types: ['SF'] }, ['Must select at least one league size.', 'Invalid date range.']],
      [{ sizes: [10], types: [], ...dates }, ['Must select at least one league type.']],
      [
        { sizes: [10], types: ['SF'], startDate: '2025-05-31', endDate: '2025-05-01' },
        ['Invalid date range.'],
      ],
      [
        { sizes: [10], types: ['SF'], startDate: '2025-02-30', endDate: '2025-03-01' },
        ['Invalid date range.'],
      ],
      [{ sizes: [10], types: ['SF'], startDate: null, endDate: '2025-03-01' }, ['Invalid date range.']],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: errors[0], errors });
    }
  });

  it('refuses values outside the lists with a 400, and never fails with a 500 on odd input', async () => {
    const res = await post({ sizes: [11], types: ['SF'], startDate: '2025-05-01', endDate: '2025-05-02' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(PLAIN_WORDS);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            idp: fc.anything(),
            ppr: fc.anything(),
            sizes: fc.oneof(fc.anything(), fc.array(fc.oneof(fc.integer(), fc.string()))),
            types: fc.oneof(fc.anything(), fc.array(fc.string())),
            startDate: fc.oneof(fc.string(), fc.anything()),
            endDate: fc.oneof(fc.string(), fc.anything()),
            minShare: fc.oneof(fc.double(), fc.string(), fc.anything()),
            service: fc.oneof(fc.constantFrom('mfl', 'sleeper'), fc.anything()),
          },
          { requiredKeys: [] },
        ),
        async (payload) => {
          const r = await post(payload);
          expect(r.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the monthly totals in step when a draft moves month, changes facts or loses picks', async () => {
    const [a, b] = makeDrafts().filter((d) => d.service === 'mfl');
    await saveDraft(t.database.db, {
      ...a,
      startedAt: new Date(Date.UTC(2025, 6, 31, 23, 59, 59, 999)),
      facts: { ...a.facts, qbFormat: a.facts.qbFormat === 'SF' ? '2QB' : 'SF', idp: !a.facts.idp },
      picks: a.picks.slice(0, 5),
    });
    await saveDraft(t.database.db, { ...b, startedAt: new Date(Date.UTC(2025, 7, 1)) });
    const snapshot = async () =>
      (await t.database.db.select().from(rookieAdpMonths)).map((m) => JSON.stringify(m)).sort();
    const kept = await snapshot();
    await rebuildMonths(t.database.db);
    expect(await snapshot()).toEqual(kept);

    await t.cache.incr(ADP_VERSION_KEY);
    const rows = await storedRows();
    for (const [startDate, endDate] of [
      ['2025-05-01', '2025-08-31'],
      ['2025-07-31', '2025-08-01'],
      ['2025-06-15', '2025-08-15'],
    ]) {
      const f: Filter = {
        sizes: [10, 12, 14],
        types: ['1QB', 'SF', '2QB'],
        idp: 0,
        ppr: 0,
        startDate,
        endDate,
      };
      expect((await post(f)).json()).toMatchObject(expected(f, rows));
    }
  });

  it('caches an answer briefly, and a new draft read by ingestion shows at once', async () => {
    const f = {
      sizes: [14],
      types: ['2QB'],
      idp: -1,
      ppr: 1,
      startDate: '2025-09-01',
      endDate: '2025-09-30',
    };
    expect((await post(f)).json().totalLeagues).toBe(0);
    await saveDraft(t.database.db, {
      service: 'mfl',
      draftKey: 'late',
      leagueId: 'late',
      season: 2025,
      facts: { size: 14, qbFormat: '2QB', idp: false, ppr: true },
      startedAt: new Date(Date.UTC(2025, 8, 10)),
      picks: [
        {
          overall: 3,
          pickedAt: new Date(Date.UTC(2025, 8, 10)),
          player: { key: '20001', name: 'X', position: 'WR' },
        },
      ],
    });
    // Still the cached answer until the store's version moves, as ingestion does after saving drafts.
    expect((await post(f)).json().totalLeagues).toBe(0);
    await t.cache.incr(ADP_VERSION_KEY);
    expect((await post(f)).json().totalLeagues).toBe(1);
  });
});
