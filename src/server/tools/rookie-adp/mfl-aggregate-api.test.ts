import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdpSourceStats } from '#common/adp-sources.ts';
import type { AdpAnswer } from '#common/rookie-adp.ts';
import type { DraftRecord } from '#server/adp-data/draft-record.ts';
import { ADP_VERSION_KEY } from '#server/adp-data/ingest.ts';
import { saveDraft } from '#server/adp-data/store.ts';
import { type Cache, memoryCache } from '#server/cache.ts';
import type { Database } from '#server/db/client.ts';
import { createLeagueServices } from '#server/leagues/services.ts';
import { recordLeagueCall } from '#server/ops/metrics.ts';
import type { World } from '#simulator/app.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { emptyDatabase, openTestDatabase } from '#test/database.ts';
import { eventually } from '#test/rookie-adp.ts';
import { quickLimits, type Sim, startSim } from '#test/simulator.ts';

/*
 * POST /api/mfl/adp with MFL's own aggregate (decision 018), through app.inject against the
 * simulator: the answer and its source, every reason the store answers instead, the last good answer
 * while MFL is slow or down, MFL down with nothing kept, and Sleeper untouched by MFL's troubles.
 */

const DAY = 86_400_000;
const season = (() => {
  const d = new Date();
  return d.getUTCMonth() < 2 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
})();
const everyType = ['1QB', 'SF', '2QB'];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = iso(Date.now());

let sim: Sim;
/** Every bed starts on this database emptied, as on a new one. */
let database: Database;
beforeAll(async () => {
  [sim, database] = await Promise.all([startSim(), openTestDatabase()]);
});
afterAll(async () => {
  await sim?.close();
  await database?.close();
});
afterEach(() => sim.control.reset());

interface Bed {
  t: TestApp;
  /** Every URL the app's league clients asked for. */
  calls: string[];
  adpCalls: () => string[];
  /** Forgets cached entries whose keys start with one of the prefixes (as their time to live would). */
  expire: (...prefixes: string[]) => Promise<void>;
  post: (body: object) => Promise<{ status: number; body: AdpAnswer & { error?: string } }>;
  close: () => Promise<void>;
}

/** The app on an empty database and a fresh cache, its league clients on the simulator, every call recorded. */
async function bed(env: Record<string, string> = {}): Promise<Bed> {
  await emptyDatabase(database);
  const calls: string[] = [];
  const base = memoryCache();
  const keys = new Set<string>();
  const cache: Cache = {
    ...base,
    async set(key, value, ttlMs) {
      keys.add(key);
      await base.set(key, value, ttlMs);
    },
  };
  const recording: typeof fetch = (input, init) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  const t = await makeTestApp(
    { ADP_MFL_WAIT_SECONDS: '0.3', ...env },
    {
      sim,
      cache,
      database,
      services: (_config, c) =>
        createLeagueServices({
          mflApiUrl: sim.env.MFL_API_URL,
          sleeperApiUrl: sim.env.SLEEPER_API_URL,
          fleaApiUrl: sim.env.FLEA_API_URL,
          userAgent: 'dynasty-test/1.0',
          cache: c,
          fetch: recording,
          onCall: recordLeagueCall,
          limits: { mfl: quickLimits, sleeper: quickLimits, flea: quickLimits },
        }),
    },
  );
  return {
    t,
    calls,
    adpCalls: () => calls.filter((u) => u.includes('TYPE=adp')),
    async expire(...prefixes) {
      for (const k of keys) if (prefixes.some((p) => k.startsWith(p))) await base.delete(k);
    },
    async post(body) {
      const res = await t.app.inject({ method: 'POST', url: '/api/mfl/adp', payload: body });
      return { status: res.statusCode, body: res.json() };
    },
    async close() {
      await t.close();
      await base.close();
    },
  };
}

const seasonStart = Date.UTC(season, 2, 1);
/** The last 30 days (within this season), which MFL's aggregate answers; and a window it does not. */
const thisMonth = { startDate: iso(Math.max(seasonStart, Date.now() - 30 * DAY)), endDate: today };
const ended = {
  startDate: iso(Math.max(seasonStart, Date.now() - 40 * DAY)),
  endDate: iso(Date.now() - 3 * DAY),
};
const aggregateFilter = { sizes: [10, 12, 14], types: everyType, idp: 0, ppr: 0, ...thisMonth };

/**
 * What MFL's aggregate should give, computed from the simulator's world without the site's code: each
 * size's drafts this season up to now, a player counted in a size only at 5 % of its drafts or more.
 */
function expectedFromWorld(world: World, sizes: number[], isPpr: -1 | 0 | 1) {
  const from = Date.UTC(season, 2, 1) / 1000;
  const to = Date.now() / 1000;
  let total = 0;
  const byId = new Map<string, { sum: number; n: number; min: number; max: number }>();
  for (const size of sizes) {
    const drafts = world.leagues.filter(
      (l) =>
        l.service === 'mfl' &&
        l.format.size === size &&
        (isPpr === -1 || (isPpr === 1) === l.format.ppr > 0) &&
        l.draft.picks.length > 0 &&
        l.draft.picks[0].timestamp >= from &&
        l.draft.picks[0].timestamp <= to,
    );
    total += drafts.length;
    const picks = new Map<string, number[]>();
    for (const d of drafts)
      for (const p of d.draft.picks) {
        const id = world.players[p.player].mflId;
        picks.set(id, [...(picks.get(id) ?? []), p.overall]);
      }
    for (const [id, overall] of picks) {
      if ((overall.length / drafts.length) * 100 < 5) continue;
      const e = byId.get(id) ?? { sum: 0, n: 0, min: Infinity, max: -Infinity };
      e.sum += overall.reduce((a, b) => a + b, 0);
      e.n += overall.length;
      e.min = Math.min(e.min, ...overall);
      e.max = Math.max(e.max, ...overall);
      byId.set(id, e);
    }
  }
  return { total, byId };
}

const mflDraft = (key: string, startedAt: Date, facts: Partial<DraftRecord['facts']> = {}): DraftRecord => ({
  service: 'mfl',
  draftKey: key,
  leagueId: key,
  season,
  facts: { size: 12, qbFormat: '1QB', idp: false, ppr: true, ...facts },
  startedAt,
  picks: [
    { overall: 1, pickedAt: startedAt, player: { key: '99001', name: 'Stored Rookie', position: 'RB' } },
  ],
});

describe("MFL's aggregate answers MFL Rookie ADP", () => {
  let b: Bed;
  beforeAll(async () => {
    b = await bed();
  });
  afterAll(() => b?.close());

  it('combines the three sizes exactly, rookies only, over the season so far, in three MFL calls', async () => {
    const { status, body } = await b.post({ ...aggregateFilter, minShare: 0 });
    expect(status).toBe(200);
    expect(body.source.kind).toBe('mfl-aggregate');
    expect(body.source.note).toMatch(/season so far/);
    expect(body.source.note).toMatch(/cannot be cut to the dates/);
    expect(body.source.switchReason).toBeUndefined();
    expect(body.source.staleSince).toBeUndefined();
    // The chosen dates are not the ones answered, and the banner says so.
    expect(body.source.coverage).toMatch(
      new RegExp(
        `whole ${season} season so far, 03/01/${season} to .*: MFL does not cut them to the dates above \\(\\d\\d/\\d\\d/\\d{4} to`,
      ),
    );
    // MFL's season-long counts cannot be split into 30-day periods: with no copies of them kept, no
    // trend, and the note says when one comes (decision 025).
    expect(body.trend?.note).toMatch(/^No MFL trend yet: MFL's own ADP counts the season so far as a whole/);
    expect(body.trend?.recent).toBeUndefined();
    expect(body.players.every((p) => p.trend === undefined)).toBe(true);
    // The dates MFL applied: the season's start up to the day of its answer.
    expect(body.startTime).toBe(Date.UTC(season, 2, 1));
    expect(body.endTime).toBe(Date.parse(`${today}T00:00:00Z`) + DAY);

    const want = expectedFromWorld(sim.world, [10, 12, 14], -1);
    expect(want.total).toBeGreaterThan(50);
    expect(body.totalLeagues).toBe(want.total);
    expect(body.hidden).toBe(0);
    expect(new Set(body.players.map((p) => p.id))).toEqual(new Set(want.byId.keys()));
    for (const p of body.players) {
      const e = want.byId.get(p.id)!;
      // MFL sends each size's average to two decimals: the weighted mean is that close to the exact one.
      expect(Math.abs(p.adp - e.sum / e.n)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect([p.drafts, p.minPick, p.maxPick]).toEqual([e.n, e.min, e.max]);
      expect(p.draftShare).toBeCloseTo(e.n / want.total, 12);
      expect(sim.world.byMfl.get(p.id)?.rookie).toBe(true);
    }
    // A player under 5 % in some size but listed by another: his drafts there count 0.
    const partial = [...want.byId.values()].some((e) => e.n / want.total < 0.05);
    expect(partial).toBe(true);

    // One call per size, as documented: no TIME or DAYS, one season in the path.
    const adp = b.adpCalls();
    expect(adp).toHaveLength(3);
    for (const url of adp) {
      const u = new URL(url);
      expect(u.pathname).toBe(`/mfl/api/${season}/export`);
      expect(Object.fromEntries(u.searchParams)).toMatchObject({
        TYPE: 'adp',
        PERIOD: 'ALL',
        IS_KEEPER: 'R',
        IS_MOCK: '0',
        IS_PPR: '-1',
        CUTOFF: '5',
      });
      expect(u.searchParams.has('TIME') || u.searchParams.has('DAYS')).toBe(false);
    }
    expect(adp.map((u) => new URL(u).searchParams.get('FCOUNT')).sort()).toEqual(['10', '12', '14']);
  });

  it('keeps the answer for hours: the same filter asks MFL nothing more, whatever the dates', async () => {
    const before = b.calls.length;
    const again = await b.post({ ...aggregateFilter, startDate: `${season}-03-01` });
    expect(again.body.source.kind).toBe('mfl-aggregate');
    // The season so far, asked for: no banner.
    expect(again.body.source.coverage).toBeUndefined();
    expect(b.calls.length).toBe(before);
  });

  it('applies the minimum share after combining: hidden players are counted, not listed', async () => {
    const all = (await b.post({ ...aggregateFilter, minShare: 0 })).body;
    const half = (await b.post({ ...aggregateFilter, minShare: 50 })).body;
    expect(half.players.length + half.hidden).toBe(all.players.length);
    expect(half.hidden).toBeGreaterThan(0);
    expect(half.players.every((p) => p.draftShare >= 0.5)).toBe(true);
    expect(half.totalLeagues).toBe(all.totalLeagues);
  });

  it("maps the page's PPR select onto MFL's IS_PPR and asks only the sizes chosen", async () => {
    for (const [ppr, isPpr] of [
      [1, 1],
      [-1, 0],
    ] as const) {
      const before = b.adpCalls().length;
      const { body } = await b.post({ ...aggregateFilter, sizes: [12], ppr, minShare: 0 });
      const sent = b.adpCalls().slice(before);
      expect(sent).toHaveLength(1);
      expect(new URL(sent[0]).searchParams.get('IS_PPR')).toBe(String(isPpr));
      expect(new URL(sent[0]).searchParams.get('FCOUNT')).toBe('12');
      const want = expectedFromWorld(sim.world, [12], isPpr);
      expect(body.totalLeagues).toBe(want.total);
      expect(body.players.length).toBe(want.byId.size);
    }
  });
});

describe('the store answers what MFL cannot, and the banner says why', () => {
  let b: Bed;
  beforeAll(async () => {
    b = await bed();
    await saveDraft(b.t.database.db, mflDraft('stored', new Date(Date.now() - 10 * DAY)));
    await b.t.cache.incr(ADP_VERSION_KEY);
  });
  afterAll(() => b?.close());

  it.each([
    ['IDP leagues only', { idp: 1 }, /cannot tell IDP leagues/],
    ['no IDP leagues', { idp: -1 }, /cannot tell IDP leagues/],
    ['some QB formats', { types: ['1QB', 'SF'] }, /cannot tell 1QB, superflex and 2QB leagues apart/],
    ['dates that end before today', ended, /up to today, and these dates end on \d\d\/\d\d\/\d{4}\./],
    [
      'dates across the March turnover',
      { startDate: `${season}-02-01`, endDate: today },
      /one season at a time .* span two/,
    ],
    [
      'dates in a later season',
      { startDate: `${season + 1}-04-01`, endDate: `${season + 1}-04-30` },
      /these dates are in the \d{4} season/,
    ],
  ])('%s', async (_name, change, reason) => {
    const before = b.adpCalls().length;
    const { status, body } = await b.post({ ...aggregateFilter, ...change });
    expect(status).toBe(200);
    expect(body.source.kind).toBe('store');
    expect(body.source.switchReason).toMatch(reason);
    expect(body.source.switchReason).toMatch(/come from the MFL rookie drafts this site has read instead\.$/);
    expect(b.adpCalls().length).toBe(before);
  });

  it("counts only the store's drafts, never MFL's with them", async () => {
    const { body } = await b.post({ ...aggregateFilter, ...ended });
    expect(body.source.kind).toBe('store');
    expect(body.totalLeagues).toBe(1);
    expect(body.players.map((p) => p.name)).toEqual(['Stored Rookie']);
    expect(body.startTime).toBe(Date.parse(`${ended.startDate}T00:00:00Z`));
  });

  it('an empty window offers the newest season the store has drafts in', async () => {
    const { body } = await b.post({ ...aggregateFilter, idp: 1 });
    expect(body.totalLeagues).toBe(0);
    expect(body.latest).toEqual({
      startDate: `${season}-03-01`,
      // The season's last day, or today while it is still on.
      endDate: iso(Math.min(Date.UTC(season + 1, 2, 1) - DAY, Math.floor(Date.now() / DAY) * DAY)),
      label: `${season} season`,
    });
    // Not when that season is the window asked for.
    const whole = await b.post({ ...aggregateFilter, idp: 1, ...body.latest, endDate: body.latest!.endDate });
    expect(whole.body.latest).toBeUndefined();
  });
});

describe('an empty answer says why, and offers Sleeper where the store has its drafts', () => {
  let b: Bed;
  beforeAll(async () => {
    b = await bed();
    const db = b.t.database.db;
    await saveDraft(db, mflDraft('stored-1qb', new Date(Date.now() - 10 * DAY)));
    await saveDraft(db, {
      ...mflDraft('sleeper-idp', new Date(Date.now() - 5 * DAY), { idp: true }),
      service: 'sleeper',
    });
    await b.t.cache.incr(ADP_VERSION_KEY);
  });
  afterAll(() => b?.close());

  it("says what MFL's own ADP cannot answer and what the store holds, not that the dates are empty", async () => {
    const { body } = await b.post({ ...aggregateFilter, types: ['SF'] });
    expect(body.totalLeagues).toBe(0);
    expect(body.empty?.reason).toBe(
      "MFL's own ADP cannot tell 1QB, superflex and 2QB leagues apart. This site holds 1 MFL rookie draft in these dates, none of them matching these filters: check more league sizes and formats, or set IDP and PPR to Any.",
    );
    // Sleeper's store holds no superflex draft either: nothing offered.
    expect(body.empty?.sleeperDrafts).toBeUndefined();
  });

  it("offers Sleeper's answer when the store holds Sleeper drafts for the same filters", async () => {
    const { body } = await b.post({ ...aggregateFilter, idp: 1 });
    expect(body.totalLeagues).toBe(0);
    expect(body.empty?.reason).toMatch(/^MFL's own ADP cannot tell IDP leagues from the others\. /);
    expect(body.empty?.sleeperDrafts).toBe(1);
    // Sleeper's own answer holds it.
    const sleeper = await b.post({ ...aggregateFilter, idp: 1, service: 'sleeper' });
    expect(sleeper.body.totalLeagues).toBe(1);
    expect(sleeper.body.empty).toBeUndefined();
  });

  it('dates the store holds no drafts in say so', async () => {
    const { body } = await b.post({
      ...aggregateFilter,
      startDate: `${season + 1}-04-01`,
      endDate: `${season + 1}-04-30`,
    });
    expect(body.empty?.reason).toMatch(
      /these dates are in the \d{4} season\. This site holds 1 MFL rookie draft, none in these dates\. Most rookie drafts/,
    );
  });

  it("MFL startup: MFL's own ADP has no startup report, and the store holds none", async () => {
    const res = await b.t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp/startup',
      payload: { ...aggregateFilter, kind: 'snake' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().empty).toEqual({
      reason:
        "MFL's own ADP has no startup report. This site holds no MFL startup snake drafts yet (it reads only the MFL leagues it lists and those of visitors who connect them and agree to share them).",
    });
  });
});

describe('MFL slow or down', () => {
  it('shows the last good answer with the time it was got, while MFL is down', async () => {
    const b = await bed();
    try {
      const t0 = Date.now();
      const good = (await b.post(aggregateFilter)).body;
      const t1 = Date.now();
      expect(good.source.kind).toBe('mfl-aggregate');

      // Hours later: the answer and MFL's per-size answers have lapsed, and MFL is down.
      await b.expire('rookie-adp:mfl-aggregate:', 'mfl:adp:');
      sim.control.addFault({ service: 'mfl', kind: 'down', count: 1000, match: 'TYPE=adp' });
      const down = await b.post(aggregateFilter);
      expect(down.status).toBe(200);
      expect(down.body.source.kind).toBe('mfl-aggregate');
      expect(down.body.source.staleSince).toBeGreaterThanOrEqual(t0);
      expect(down.body.source.staleSince).toBeLessThanOrEqual(t1);
      expect(down.body.players).toEqual(good.players);
      expect(down.body.totalLeagues).toBe(good.totalLeagues);
    } finally {
      await b.close();
    }
  });

  it('shows the last good answer after a few seconds while MFL is slow', async () => {
    const b = await bed();
    try {
      const t0 = Date.now();
      const good = (await b.post(aggregateFilter)).body;
      await b.expire('rookie-adp:mfl-aggregate:', 'mfl:adp:');
      // MFL holds the requests; the last good answer comes after the wait (0.3 s here).
      sim.control.addFault({ service: 'mfl', kind: 'hold', count: 3, match: 'TYPE=adp' });
      const started = Date.now();
      const slow = await b.post(aggregateFilter);
      expect(Date.now() - started).toBeLessThan(1_400);
      expect(slow.status).toBe(200);
      expect(slow.body.source.staleSince).toBeGreaterThanOrEqual(t0);
      expect(slow.body.players).toEqual(good.players);
      // Once MFL answers, its answer is kept and shown as current.
      sim.control.release();
      await eventually(async () => (await b.post(aggregateFilter)).body.source.staleSince === undefined);
    } finally {
      sim.control.release();
      await b.close();
    }
  });

  it('with no answer kept yet, says MFL is down (503), not a 500', async () => {
    const b = await bed();
    try {
      sim.control.addFault({ service: 'mfl', kind: 'down', count: 1000, match: 'TYPE=adp' });
      const { status, body } = await b.post(aggregateFilter);
      expect(status).toBe(503);
      expect(body.error).toMatch(
        /^MFL's ADP is not available right now \(.+\), and the site has no earlier answer/,
      );
    } finally {
      await b.close();
    }
  });

  it('with no answer kept yet, says MFL is slow after waiting five times longer', async () => {
    const b = await bed();
    try {
      sim.control.addFault({ service: 'mfl', kind: 'hold', count: 3, match: 'TYPE=adp' });
      const started = Date.now();
      const { status, body } = await b.post(aggregateFilter);
      expect(status).toBe(503);
      expect(body.error).toMatch(/^MFL's ADP is slow right now: it has not answered within 1.5 seconds/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    } finally {
      sim.control.release();
      await b.close();
    }
  });

  it("never touches Sleeper's answers", async () => {
    const b = await bed();
    try {
      const draft: DraftRecord = {
        ...mflDraft('sleeper-draft', new Date(Date.now() - 3 * DAY), { size: 10 }),
        service: 'sleeper',
      };
      await saveDraft(b.t.database.db, draft);
      sim.control.addFault({ service: 'mfl', kind: 'down', count: 1000 });
      const started = Date.now();
      const { status, body } = await b.post({ ...aggregateFilter, service: 'sleeper' });
      expect(status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(body.source).toEqual({
        kind: 'store',
        note: 'From the Sleeper rookie drafts this site has read.',
      });
      expect(body.totalLeagues).toBe(1);
      expect(b.calls.filter((u) => u.includes('/mfl/'))).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('operators see each source', () => {
  it('the admin data page and /metrics show drafts, the newest, the last good MFL answer and its age, and 429s', async () => {
    const b = await bed({ ADP_MFL_WAIT_SECONDS: '2' });
    try {
      await saveDraft(b.t.database.db, mflDraft('stored', new Date(Date.UTC(season, 5, 10))));
      // MFL answers one request with a 429 first (the client waits its Retry-After, then asks again).
      sim.control.addFault({ service: 'mfl', kind: '429', count: 1, match: 'TYPE=adp' });
      const admin = await b.t.userWithRole('superuser');
      const before = (await b.t.get('/api/admin/adp', admin.cookie)).json().answerSources as AdpSourceStats;
      expect(before.mflAggregate.lastGoodAt).toBeNull();
      const answer = (await b.post({ ...aggregateFilter, sizes: [12] })).body;
      expect(answer.source.kind).toBe('mfl-aggregate');

      const res = await b.t.get('/api/admin/adp', admin.cookie);
      expect(res.statusCode).toBe(200);
      const stats = res.json().answerSources as AdpSourceStats;
      expect(stats.store).toEqual([
        { service: 'mfl', drafts: 1, newestDraftAt: new Date(Date.UTC(season, 5, 10)).toISOString() },
        { service: 'sleeper', drafts: 0, newestDraftAt: null },
      ]);
      expect(stats.mflAggregate).toMatchObject({
        sizes: [12],
        ppr: 0,
        drafts: answer.totalLeagues,
        coversUntil: today,
      });
      expect(stats.mflAggregate.ageMs).toBeGreaterThanOrEqual(0);
      expect(stats.mflAggregate.ageMs).toBeLessThan(60_000);
      expect(stats.mfl429s).toBe(before.mfl429s + 1);
      // The admin data is for super users only.
      const user = await b.t.userWithRole('user');
      expect((await b.t.get('/api/admin/adp', user.cookie)).statusCode).toBe(403);

      const metrics = (await b.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' }))
        .body;
      expect(metrics).toContain(`dynasty_rookie_adp_drafts{source="mfl-aggregate"} ${answer.totalLeagues}`);
      expect(metrics).toContain('dynasty_rookie_adp_drafts{source="store-mfl"} 1');
      expect(metrics).toContain(
        `dynasty_rookie_adp_newest_draft_timestamp_seconds{source="store-mfl"} ${Date.UTC(season, 5, 10) / 1000}`,
      );
      expect(metrics).toMatch(/^dynasty_rookie_adp_mfl_last_good_age_seconds \d/m);
      expect(metrics).toMatch(
        /^dynasty_league_call_duration_seconds_count\{service="mfl",lane="visitor",outcome="429"\} [1-9]/m,
      );
      expect(metrics).toMatch(
        /^dynasty_rookie_adp_answers_total\{source="mfl-aggregate",outcome="current"\} [1-9]/m,
      );
    } finally {
      await b.close();
    }
  });
});
