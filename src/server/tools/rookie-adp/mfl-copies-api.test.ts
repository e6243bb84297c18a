import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdpAnswer, AdpMonthsAnswer } from '#common/rookie-adp.ts';
import { createBackgroundServices } from '#server/adp-data/discovery/budget.ts';
import { readJob } from '#server/adp-data/discovery/jobs.ts';
import { copyDays, isoDay, pruneCopies, saveCopy } from '#server/adp-data/mfl-copies.ts';
import { copyMflCounts, MFL_COPY_JOB, startMflCopies } from '#server/adp-data/mfl-copy-job.ts';
import type { Database, Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { createLeagueServices } from '#server/leagues/services.ts';
import { recordLeagueCall } from '#server/ops/metrics.ts';
import type { World } from '#simulator/app.ts';
import { makeTestApp } from '#test/app.ts';
import { emptyDatabase, openTestDatabase } from '#test/database.ts';
import { quickLimits, type Sim, startSim } from '#test/simulator.ts';

/*
 * The copies of MFL's own ADP and what the page derives from them (decision 025), on a real database
 * (PGlite, and PostgreSQL in the postgres project): the daily job takes copies from the simulator at
 * different simulated times, in the background lane and outside the page's calls; the answer's trends
 * and a player's months are checked against the simulator's drafts computed without the site's code;
 * MFL unreachable fails the job and harms nothing; the job stops at once when the server does.
 */

const DAY = 86_400_000;
// One fixed day of a season (mid-October, seven months after MFL's counts start afresh on 1 March),
// so the copies 60 and 30 days back are always in that season, whatever the calendar says. The
// clock moves on from it (timers stay real); the simulator, the job and the app read it alike.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
vi.setSystemTime(Date.UTC(2026, 9, 15, 12));
const now = Date.now();
const today = isoDay(now);
const season = (() => {
  const d = new Date(now);
  return d.getUTCMonth() < 2 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
})();
const seasonStart = Date.UTC(season, 2, 1);
const everyType = ['1QB', 'SF', '2QB'];
const filter = {
  sizes: [10, 12, 14],
  types: everyType,
  idp: 0,
  ppr: 0,
  startDate: isoDay(Math.max(seasonStart, now - 30 * DAY)),
  endDate: today,
  minShare: 0,
};

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

/** Every MFL URL the job's clients asked, in order. */
const jobCalls: string[] = [];
const recording: typeof fetch = (input, init) => {
  jobCalls.push(String(input instanceof Request ? input.url : input));
  return fetch(input, init);
};

/**
 * The database's clock, which stamps the job's rows: PGlite's is this process's (the fixed day),
 * PostgreSQL's the real one.
 */
const databaseNow = async (db: Db) =>
  new Date((await queryRows<{ now: string | Date }>(db, sql`SELECT now() AS now`))[0].now).getTime();

/** The job's run as MFL answered at simulated time t (the site's clock at t too). */
async function copyAt(db: Db, t: number) {
  sim.control.setClock({ now: t });
  const bg = createBackgroundServices({
    mflApiUrl: sim.env.MFL_API_URL,
    sleeperApiUrl: sim.env.SLEEPER_API_URL,
    fleaApiUrl: sim.env.FLEA_API_URL,
    userAgent: 'dynasty-test/1.0',
    share: 0.5,
    limits: { mfl: quickLimits, sleeper: quickLimits },
    fetch: recording,
    onCall: recordLeagueCall,
  });
  try {
    return await copyMflCounts({ db, mfl: bg.services.mfl, now: () => t }, new AbortController().signal);
  } finally {
    await bg.cache.close();
    sim.control.setClock({ now: Date.now() });
  }
}

/** The app on an empty database; the visitors' calls recorded apart from the job's. */
async function bed() {
  await emptyDatabase(database);
  const visitorCalls: string[] = [];
  const t = await makeTestApp(
    { ADP_MFL_WAIT_SECONDS: '2' },
    {
      sim,
      database,
      services: (_config, cache) =>
        createLeagueServices({
          mflApiUrl: sim.env.MFL_API_URL,
          sleeperApiUrl: sim.env.SLEEPER_API_URL,
          fleaApiUrl: sim.env.FLEA_API_URL,
          userAgent: 'dynasty-test/1.0',
          cache,
          fetch: (input, init) => {
            visitorCalls.push(String(input instanceof Request ? input.url : input));
            return fetch(input, init);
          },
          onCall: recordLeagueCall,
          limits: { mfl: quickLimits, sleeper: quickLimits, flea: quickLimits },
        }),
    },
  );
  const post = async (url: string, body: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload: body });
    return { status: res.statusCode, body: res.json() };
  };
  return { t, visitorCalls, post };
}

/** The world's picks per size of the drafts MFL counts at time t (seconds): started at or before t. */
function countsAt(world: World, t: number, size: number) {
  const drafts = world.leagues.filter(
    (l) =>
      l.service === 'mfl' &&
      l.format.size === size &&
      l.draft.picks.length > 0 &&
      l.draft.picks[0].timestamp >= seasonStart / 1000 &&
      l.draft.picks[0].timestamp <= t,
  );
  const picks = new Map<string, number[]>();
  for (const d of drafts)
    for (const p of d.draft.picks) {
      const id = world.players[p.player].mflId;
      picks.set(id, [...(picks.get(id) ?? []), p.overall]);
    }
  return { drafts: drafts.length, picks };
}

/**
 * A player's exact ADP over the drafts counted between t0 and t1 (seconds), over the sizes, computed
 * from the world; undefined when a copy would leave him out (under 5 % of a size with drafts).
 */
function exactBetween(world: World, t0: number, t1: number, id: string) {
  let sum = 0;
  let n = 0;
  for (const size of [10, 12, 14]) {
    const [a, b] = [countsAt(world, t0, size), countsAt(world, t1, size)];
    for (const c of [a, b]) {
      const mine = c.picks.get(id)?.length ?? 0;
      if (c.drafts > 0 && (mine / c.drafts) * 100 < 5) return undefined;
    }
    const before = a.picks.get(id) ?? [];
    const after = b.picks.get(id) ?? [];
    sum += after.reduce((x, y) => x + y, 0) - before.reduce((x, y) => x + y, 0);
    n += after.length - before.length;
  }
  return n > 0 ? { adp: sum / n, drafts: n } : undefined;
}

describe('copies over 60 days give MFL answers their trends', () => {
  let b: Awaited<ReturnType<typeof bed>>;
  const times = [now - 60 * DAY, now - 30 * DAY, now];
  beforeAll(async () => {
    b = await bed();
    jobCalls.length = 0;
    for (const t of times) expect(await copyAt(b.t.database.db, t)).toEqual({ made: 9, asked: 9 });
  });
  afterAll(() => b?.t.close());

  it('copies each filter the page asks MFL once a day: 9 calls, and none more the same day', async () => {
    expect(jobCalls).toHaveLength(27);
    const asked = jobCalls.slice(0, 9).map((u) => Object.fromEntries(new URL(u).searchParams));
    for (const q of asked)
      expect(q).toMatchObject({ TYPE: 'adp', PERIOD: 'ALL', IS_KEEPER: 'R', IS_MOCK: '0', CUTOFF: '5' });
    expect(asked.map((q) => `${q.FCOUNT}:${q.IS_PPR}`).sort()).toEqual(
      ['10', '12', '14'].flatMap((s) => ['-1', '0', '1'].map((p) => `${s}:${p}`)).sort(),
    );
    // A second run the same day asks nothing.
    expect(await copyAt(b.t.database.db, now)).toEqual({ made: 0, asked: 0 });
    expect(jobCalls).toHaveLength(27);
    expect(await copyDays(b.t.database.db, { season, sizes: [10, 12, 14], ppr: 0 })).toEqual(
      times.map(isoDay),
    );
  });

  it("derives each player's trend from the copies, as the world's drafts give it, in the page's 3 calls", async () => {
    const before = jobCalls.length;
    const { status, body } = (await b.post('/api/mfl/adp', filter)) as { status: number; body: AdpAnswer };
    expect(status).toBe(200);
    expect(body.source.kind).toBe('mfl-aggregate');
    // The visitor's answer cost its three calls (one per size); the job's copies none of them.
    expect(b.visitorCalls.filter((u) => u.includes('TYPE=adp'))).toHaveLength(3);
    expect(jobCalls.length).toBe(before);
    expect(body.trend?.recent).toEqual({ startDate: isoDay(times[1]), endDate: today });
    expect(body.trend?.prior).toEqual({ startDate: isoDay(times[0]), endDate: isoDay(times[1]) });
    const mdy = (ms: number) => {
      const d = isoDay(ms);
      return `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
    };
    expect(body.trend?.note).toContain(
      `between its counts the site kept on ${mdy(times[1])} and ${mdy(times[2])} minus ADP of those it counted between ${mdy(times[0])} and ${mdy(times[1])}`,
    );
    const [t0, t1, t2] = times.map((t) => Math.floor(t / 1000));
    let shown = 0;
    for (const p of body.players) {
      const prior = exactBetween(sim.world, t0, t1, p.id);
      const recent = exactBetween(sim.world, t1, t2, p.id);
      const qualifies = prior && recent && prior.drafts >= 3 && recent.drafts >= 3;
      if (!qualifies) {
        expect(p.trend, p.id).toBeUndefined();
        continue;
      }
      // Under 100 drafts per player, MFL's two decimals pin each pick sum: the trend is exact.
      expect(p.trend, p.id).toBeCloseTo(recent.adp - prior.adp, 9);
      shown += 1;
    }
    expect(shown).toBeGreaterThan(5);
    // Some players are left out by the cutoff or the minimum drafts.
    expect(body.players.some((p) => p.trend === undefined)).toBe(true);
  });

  it("never runs the job at a visitor's request, and the job's calls are in the background lane", async () => {
    const metric = async (lane: string) => {
      const text = (await b.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' }))
        .body;
      const line = text
        .split('\n')
        .find((l) =>
          l.startsWith(
            `dynasty_league_call_duration_seconds_count{service="mfl",lane="${lane}",outcome="ok"}`,
          ),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const [visitor, background] = [await metric('visitor'), await metric('background')];
    const calls = jobCalls.length;
    await b.post('/api/mfl/adp', { ...filter, ppr: 1 });
    expect(jobCalls.length).toBe(calls);
    expect(await metric('background')).toBe(background);
    expect(await metric('visitor')).toBeGreaterThan(visitor);
    // A copy of the day made again (yesterday's clock): nine calls, every one in the background lane.
    await copyAt(b.t.database.db, now - DAY);
    expect(await metric('background')).toBe(background + 9);
  });
});

describe('month by month from copies at month ends', () => {
  it("answers a player's months from the copies nearest each month's ends, else from the store", async () => {
    const b = await bed();
    try {
      const db = b.t.database.db;
      // Without copies: the store's months, and the note says MFL's counts are not kept yet.
      const none = (await b.post('/api/mfl/adp/months', { ...filter, player: 'x' })).body as AdpMonthsAnswer;
      expect(none.note).toMatch(/has not kept MFL's counts at the ends of a month yet/);
      // Copies at the last three month ends and today (late on each day, simulated).
      const thisMonth = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
      const ends = [3, 2, 1].map((k) => {
        const d = new Date(thisMonth);
        return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - k + 1, 1) - 3_600_000;
      });
      for (const t of [...ends, now]) await copyAt(db, t);
      const body = (await b.post('/api/mfl/adp', filter)).body as AdpAnswer;
      const player = body.players.find((p) => p.draftShare > 0.3)!;
      const answer = (await b.post('/api/mfl/adp/months', { ...filter, player: player.id }))
        .body as AdpMonthsAnswer;
      expect(answer.note).toMatch(/^Month by month from MFL's own ADP: the site keeps a copy/);
      const boundaries = [...ends, now].map((t) => Math.floor(t / 1000));
      const expected = boundaries.slice(1).flatMap((t1, i) => {
        const e = exactBetween(sim.world, boundaries[i], t1, player.id);
        return e ? [{ month: isoDay(t1 * 1000).slice(0, 7), drafts: e.drafts, adp: e.adp }] : [];
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.months.map((m) => [m.month, m.drafts])).toEqual(expected.map((m) => [m.month, m.drafts]));
      for (const [i, m] of answer.months.entries()) expect(m.adp).toBeCloseTo(expected[i].adp, 9);
      // Another service's months stay the store's.
      const sleeper = (await b.post('/api/mfl/adp/months', { ...filter, service: 'sleeper', player: 'x' }))
        .body as AdpMonthsAnswer;
      expect(sleeper.note).toMatch(/Sleeper rookie drafts this site has read/);
    } finally {
      await b.t.close();
    }
  });
});

describe('before enough copies exist', () => {
  it('says when MFL trends start, and shows none', async () => {
    const b = await bed();
    try {
      const empty = (await b.post('/api/mfl/adp', filter)).body as AdpAnswer;
      expect(empty.trend?.note).toMatch(
        /^No MFL trend yet: .* MFL trends start once the site has kept 60 days of MFL's counts this season; no copy has been kept yet\.$/,
      );
      expect(empty.trend?.recent).toBeUndefined();
      await copyAt(b.t.database.db, now);
      await b.t.cache.delete(`rookie-adp:mfl-copy-trend:${JSON.stringify([season, [10, 12, 14], 0, today])}`);
      const one = (await b.post('/api/mfl/adp', filter)).body as AdpAnswer;
      const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
      expect(one.trend?.note).toContain(`the first copy is from ${mdy(today)}, so the first comes on `);
      expect(one.players.length).toBeGreaterThan(0);
      expect(one.players.every((p) => p.trend === undefined)).toBe(true);
    } finally {
      await b.t.close();
    }
  });
});

describe('the job', () => {
  it('names the site in the User-Agent of every call (the registered MFL name when set), and copies the day', async () => {
    const b = await bed();
    try {
      const agents: string[] = [];
      const job = startMflCopies({
        db: b.t.database.db,
        config: { ...b.t.config, mflApiUrl: sim.env.MFL_API_URL, mflUserAgent: 'DynastyForgeRegistered/1.0' },
        limits: { mfl: quickLimits, sleeper: quickLimits },
        pollMs: 60_000,
        fetch: (input, init) => {
          agents.push(String((init?.headers as Record<string, string> | undefined)?.['user-agent']));
          return fetch(input, init);
        },
      });
      try {
        await job.loop.tick();
      } finally {
        await job.stop();
      }
      expect(agents).toHaveLength(9);
      expect(new Set(agents)).toEqual(new Set(['DynastyForgeRegistered/1.0']));
      expect(await copyDays(b.t.database.db, { season, sizes: [10, 12, 14], ppr: 1 })).toEqual([today]);
      const [run] = await queryRows<{ status: string; mfl_requests: number; drafts: number }>(
        b.t.database.db,
        sql`SELECT status, mfl_requests, drafts FROM adp_runs WHERE job = ${MFL_COPY_JOB}`,
      );
      expect(run).toEqual({ status: 'ok', mfl_requests: 9, drafts: 9 });
      // The admin data page shows the copies and the run.
      const admin = await b.t.userWithRole('superuser');
      const sources = (await b.t.get('/api/admin/adp', admin.cookie)).json().answerSources;
      expect(sources.mflCopies).toMatchObject({
        copies: 9,
        firstDay: today,
        latestDay: today,
        lastRunStatus: 'ok',
        lastRunError: null,
      });
    } finally {
      await b.t.close();
    }
  });

  it('with MFL unreachable fails, keeps the copies it had, is retried later, and the page still answers', async () => {
    const b = await bed();
    try {
      const db = b.t.database.db;
      await copyAt(db, now - DAY);
      sim.control.addFault({ service: 'mfl', kind: 'down', count: 1000, match: 'TYPE=adp' });
      const job = startMflCopies({
        db,
        config: { ...b.t.config, mflApiUrl: sim.env.MFL_API_URL },
        limits: { mfl: quickLimits, sleeper: quickLimits },
        pollMs: 60_000,
      });
      try {
        await job.loop.tick();
      } finally {
        await job.stop();
      }
      const row = await readJob(db, MFL_COPY_JOB);
      expect(row?.failures).toBe(1);
      expect(row?.lastError).toBeTruthy();
      expect(row!.runAt.getTime()).toBeGreaterThan(await databaseNow(db));
      const [run] = await queryRows<{ status: string }>(
        db,
        sql`SELECT status FROM adp_runs WHERE job = ${MFL_COPY_JOB} ORDER BY id DESC LIMIT 1`,
      );
      expect(run.status).toBe('failed');
      // Yesterday's copies are all there, and none of today's.
      expect(await copyDays(db, { season, sizes: [10, 12, 14], ppr: 0 })).toEqual([isoDay(now - DAY)]);
      // The page still answers, its legend saying when MFL trends start.
      sim.control.reset();
      const { status, body } = await b.post('/api/mfl/adp', filter);
      expect(status).toBe(200);
      expect((body as AdpAnswer).trend?.note).toMatch(/^No MFL trend yet/);
    } finally {
      await b.t.close();
    }
  });

  it('stops at once on shutdown, a call in flight included, and saves nothing half-made', async () => {
    const b = await bed();
    try {
      const db = b.t.database.db;
      sim.control.addFault({ service: 'mfl', kind: 'hold', count: 1000, match: 'TYPE=adp' });
      let held = 0;
      const job = startMflCopies({
        db,
        config: { ...b.t.config, mflApiUrl: sim.env.MFL_API_URL },
        limits: { mfl: quickLimits, sleeper: quickLimits },
        pollMs: 60_000,
        fetch: (input, init) => {
          held += 1;
          return fetch(input, init);
        },
      });
      const until = Date.now() + 10_000;
      while (held === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(held).toBe(1);
      const started = Date.now();
      await job.stop();
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await copyDays(db, { season, sizes: [10], ppr: 0 })).toEqual([]);
      // A stop is no failure: the job is handed back, due at once for the next server.
      const row = await readJob(db, MFL_COPY_JOB);
      expect(row).toMatchObject({ failures: 0, leaseOwner: null });
      expect(row!.runAt.getTime()).toBeLessThanOrEqual(await databaseNow(db));
    } finally {
      sim.control.release();
      await b.t.close();
    }
  });
});

describe('pruning', () => {
  it("keeps this season's daily copies of the last 62 days and each month's last before, nothing of earlier seasons", async () => {
    const b = await bed();
    try {
      const db = b.t.database.db;
      const answer = { totalDrafts: 10, timestamp: null, players: [] };
      const at = (day: string, s = 2026) =>
        saveCopy(db, { season: s, fcount: 12, isPpr: -1, takenAt: Date.parse(`${day}T06:00:00Z`), answer });
      for (const day of ['2026-05-30', '2026-05-31', '2026-06-01', '2026-06-15', '2026-09-01', '2026-10-01'])
        await at(day);
      await at('2026-02-20', 2025);
      await pruneCopies(db, 2026, '2026-10-25');
      const left = await queryRows<{ day: string; season: number }>(
        db,
        sql`SELECT to_char(taken_on, 'YYYY-MM-DD') AS day, season FROM mfl_adp_copies ORDER BY taken_on`,
      );
      // 2026-08-24 is 62 days back: older daily copies go, but each month's last stays.
      expect(left.map((r) => r.day)).toEqual(['2026-05-31', '2026-06-15', '2026-09-01', '2026-10-01']);
      // A copy taken again the same day replaces that day's.
      await at('2026-10-01');
      expect(
        (await queryRows(db, sql`SELECT id FROM mfl_adp_copies WHERE taken_on = '2026-10-01'`)).length,
      ).toBe(1);
    } finally {
      await b.t.close();
    }
  });
});
