import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryCache } from '#server/cache.ts';
import { queryRows } from '#server/db/query.ts';
import { rookieAdpDrafts, rookieAdpLeagues, rookieAdpPicks } from '#server/db/schema-adp.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import type { League } from '#simulator/world/league.ts';
import { type AdpTestApp, eventually, publicMflLeagues, startAdpApp } from '#test/rookie-adp.ts';
import { type Sim, simServices, startSim } from '#test/simulator.ts';
import { dueSources, ingestLeagues, isDue, parseAdpLeagueIds, retryDelayMs } from './ingest.ts';
import { saveDraft } from './store.ts';
import { ingestVisitorLeagues } from './visitor-leagues.ts';

/*
 * Ingestion against the league-services simulator: the facts of each league, idempotent re-reads,
 * failures recorded and retried, the visitors' leagues hook and the scheduled refresh.
 */

let sim: Sim;
let t: AdpTestApp;

/** Public leagues covering every size, QB format, IDP and PPR the simulator made. */
let sample: League[];

beforeAll(async () => {
  sim = await startSim();
  t = await startAdpApp(sim);
  const seen = new Set<string>();
  sample = publicMflLeagues(sim.world).filter((l) => {
    const f = l.format;
    const key = `${f.size}:${f.qb}:${f.idp}:${f.ppr > 0}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => sim.control.reset());

const mflSource = (l: League) => ({ service: 'mfl' as const, leagueId: l.id });
const counts = async () =>
  (
    await queryRows<{ drafts: number; picks: number; players: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM rookie_adp_drafts) AS drafts,
                 (SELECT count(*)::int FROM rookie_adp_picks) AS picks,
                 (SELECT count(*)::int FROM rookie_adp_players) AS players`,
    )
  )[0];

describe('MFL leagues', () => {
  it('stores each rookie draft with the league facts, its picks and its start', async () => {
    expect(sample.length).toBeGreaterThanOrEqual(30);
    const summary = await ingestLeagues(t.ctx, sample.map(mflSource), { configured: true });
    expect(summary).toEqual({ leagues: sample.length, ok: sample.length, failed: 0, drafts: sample.length });

    for (const l of sample) {
      const [draft] = await t.database.db
        .select()
        .from(rookieAdpDrafts)
        .where(eq(rookieAdpDrafts.draftKey, `${l.id}:${sim.world.season}:LEAGUE`));
      expect(draft, l.name).toMatchObject({
        service: 'mfl',
        leagueId: l.id,
        season: sim.world.season,
        size: l.format.size,
        qbFormat: l.format.qb,
        idp: l.format.idp,
        ppr: l.format.ppr > 0,
        pickCount: l.draft.picks.length,
      });
      expect(draft.startedAt.getTime()).toBe(l.draft.picks[0].timestamp * 1000);
      const picks = await t.database.db
        .select()
        .from(rookieAdpPicks)
        .where(eq(rookieAdpPicks.draftId, draft.id))
        .orderBy(asc(rookieAdpPicks.overall));
      expect(picks.map((p) => p.overall)).toEqual(l.draft.picks.map((p) => p.overall));
      // The facts copied onto each pick are the draft's.
      for (const p of picks) {
        expect(p).toMatchObject({
          size: draft.size,
          qbFormat: draft.qbFormat,
          idp: draft.idp,
          ppr: draft.ppr,
        });
      }
    }
    const [league] = await t.database.db
      .select()
      .from(rookieAdpLeagues)
      .where(eq(rookieAdpLeagues.leagueId, sample[0].id));
    // The league's own host is kept so that the next read skips MFL's redirect.
    expect(league).toMatchObject({ configured: true, drafts: 1, failures: 0, lastError: null });
    expect(league.url).toMatch(new RegExp(`/mfl/www\\d{2}/${sim.world.season}/home/${sample[0].id}$`));
  });

  it('never counts a draft twice when it is read again', async () => {
    const before = await counts();
    const answer = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/mfl/adp',
        payload: {
          sizes: [10, 12, 14],
          types: ['1QB', 'SF', '2QB'],
          startDate: '2000-01-01',
          endDate: '2100-01-01',
        },
      });
    const first = (await answer()).json();
    const again = await ingestLeagues(t.ctx, sample.map(mflSource), { configured: true });
    expect(again.failed).toBe(0);
    expect(await counts()).toEqual(before);
    expect((await answer()).json()).toEqual(first);
  });

  it('applies a changed draft: picks taken back are removed, changed facts reach every pick', async () => {
    const l = sample[0];
    const key = `${l.id}:${sim.world.season}:LEAGUE`;
    const [draft] = await t.database.db
      .select()
      .from(rookieAdpDrafts)
      .where(eq(rookieAdpDrafts.draftKey, key));
    const picks = await queryRows<{ overall: number; player_key: string; name: string; position: string }>(
      t.database.db,
      sql`SELECT p.overall, pl.player_key, pl.name, pl.position FROM rookie_adp_picks p
          JOIN rookie_adp_players pl ON pl.id = p.player_id WHERE p.draft_id = ${draft.id} ORDER BY p.overall`,
    );
    const flipped = draft.qbFormat === '2QB' ? '1QB' : '2QB';
    await saveDraft(t.database.db, {
      service: 'mfl',
      draftKey: key,
      leagueId: l.id,
      season: draft.season,
      facts: { size: draft.size, qbFormat: flipped, idp: !draft.idp, ppr: draft.ppr },
      startedAt: draft.startedAt,
      picks: picks.slice(0, 3).map((p) => ({
        overall: p.overall,
        pickedAt: draft.startedAt,
        player: { key: p.player_key, name: p.name, position: p.position },
      })),
    });
    const rows = await t.database.db
      .select()
      .from(rookieAdpPicks)
      .where(eq(rookieAdpPicks.draftId, draft.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.qbFormat === flipped && r.idp === !draft.idp)).toBe(true);
    // Reading the league again restores it.
    await ingestLeagues(t.ctx, [mflSource(l)]);
    const back = await t.database.db
      .select()
      .from(rookieAdpPicks)
      .where(eq(rookieAdpPicks.draftId, draft.id));
    expect(back).toHaveLength(l.draft.picks.length);
    expect(back.every((r) => r.qbFormat === l.format.qb)).toBe(true);
  });

  it("reads a league's picks when MFL's player database does not answer, asking MFL for the picked players by id", async () => {
    const l = publicMflLeagues(sim.world)
      .filter((x) => !sample.includes(x))
      .at(-2)!;
    sim.control.addFault({ service: 'mfl', kind: '500', count: 50, match: 'TYPE=players&DETAILS=1' });
    const ctx = { ...t.ctx, services: simServices(sim, memoryCache()) };
    expect(await ingestLeagues(ctx, [mflSource(l)], { configured: true })).toMatchObject({
      ok: 1,
      drafts: 1,
    });
    const [draft] = await t.database.db
      .select()
      .from(rookieAdpDrafts)
      .where(eq(rookieAdpDrafts.draftKey, `${l.id}:${sim.world.season}:LEAGUE`));
    expect(draft.pickCount).toBe(l.draft.picks.length);
  });

  it('skips a failing league, records why, and reads it when its retry time comes', async () => {
    const [bad, good] = publicMflLeagues(sim.world).filter((l) => !sample.includes(l));
    sim.control.addFault({ service: 'mfl', kind: '500', count: 50, match: `L=${bad.id}` });
    const start = Date.now();
    const summary = await ingestLeagues(t.ctx, [mflSource(bad), mflSource(good)], { configured: true });
    expect(summary).toMatchObject({ ok: 1, failed: 1, drafts: 1 });

    const [row] = await t.database.db
      .select()
      .from(rookieAdpLeagues)
      .where(eq(rookieAdpLeagues.leagueId, bad.id));
    expect(row).toMatchObject({ failures: 1, lastSuccessAt: null, configured: true });
    expect(row.lastError).toMatch(/MFL/);
    expect(row.retryAt!.getTime()).toBeGreaterThanOrEqual(start + retryDelayMs(1));

    // Not due yet; due once its retry time has come (the clock moved on).
    const hour = 3_600_000;
    expect(await dueSources(t.ctx, [mflSource(bad), mflSource(good)], hour)).toEqual([]);
    const later = { ...t.ctx, now: () => Date.now() + retryDelayMs(1) + 1000 };
    expect((await dueSources(later, [mflSource(bad), mflSource(good)], hour)).map((s) => s.leagueId)).toEqual(
      [bad.id],
    );

    sim.control.reset();
    expect(await ingestLeagues(later, [mflSource(bad)], { configured: true })).toMatchObject({ ok: 1 });
    const [healed] = await t.database.db
      .select()
      .from(rookieAdpLeagues)
      .where(eq(rookieAdpLeagues.leagueId, bad.id));
    expect(healed).toMatchObject({ failures: 0, lastError: null, retryAt: null, drafts: 1 });
  });

  it('backs off 1, 2, 4 … minutes, at most six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });

  it('tells which leagues are due', () => {
    const at = (ms: number) => new Date(ms);
    const row = { lastAttemptAt: at(1000), retryAt: null } as Parameters<typeof isDue>[0];
    expect(isDue(undefined, 5000, 1000)).toBe(true);
    expect(isDue(row, 1500, 1000)).toBe(false);
    expect(isDue(row, 2000, 1000)).toBe(true);
    expect(isDue({ ...row!, retryAt: at(9000) }, 5000, 1000)).toBe(false);
    expect(isDue({ ...row!, retryAt: at(9000) }, 9000, 1000)).toBe(true);
  });

  it('reads ADP_LEAGUE_IDS entries', () => {
    expect(
      parseAdpLeagueIds(['12345', 'mfl:23456', 'sleeper:123456789012345678', '12345', 'x', 'flea:1']),
    ).toEqual([
      { service: 'mfl', leagueId: '12345' },
      { service: 'mfl', leagueId: '23456' },
      { service: 'sleeper', leagueId: '123456789012345678' },
    ]);
  });
});

describe("visitors' leagues", () => {
  it('adds the private MFL leagues (when shared at log-in) and the Sleeper leagues of a visitor who asks for ADP', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: {
        username: DEMO_ACCOUNTS.demo.mfl.username,
        password: DEMO_ACCOUNTS.demo.mfl.password,
        shareDrafts: true,
      },
    });
    expect(login.statusCode).toBe(200);
    const mflCookie = login.cookies.find((c) => c.name === 'MFL_USER_ID')!.value;
    const share = login.cookies.find((c) => c.name === 'MFL_ADP_SHARE')!.value;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp',
      cookies: {
        MFL_USER_ID: mflCookie,
        MFL_ADP_SHARE: share,
        SLEEPER_USER_ID: DEMO_ACCOUNTS.demo.sleeper.userId,
      },
      payload: { sizes: [12], types: ['SF'], startDate: '2000-01-01', endDate: '2100-01-01' },
    });
    expect(res.statusCode).toBe(200);

    const demoLeagues = sim.world.leagues.filter((l) =>
      l.teams.some((team) => team.ownerKey.endsWith(':demo') || team.ownerKey.endsWith(':dynastydemo')),
    );
    const mine = (service: string) => demoLeagues.filter((l) => l.service === service);
    expect(mine('mfl')).toHaveLength(8);
    expect(mine('mfl').every((l) => !l.isPublic)).toBe(true);
    const read = async (service: 'mfl' | 'sleeper') =>
      (
        await t.database.db.select().from(rookieAdpLeagues).where(eq(rookieAdpLeagues.service, service))
      ).filter((r) => r.lastSuccessAt && mine(service).some((l) => l.id === r.leagueId));
    await eventually(async () => (await read('mfl')).length === 8 && (await read('sleeper')).length === 6);

    for (const l of mine('sleeper')) {
      const [draft] = await t.database.db
        .select()
        .from(rookieAdpDrafts)
        .where(eq(rookieAdpDrafts.draftKey, l.draft.id));
      expect(draft, l.name).toMatchObject({
        service: 'sleeper',
        size: l.format.size,
        qbFormat: l.format.qb,
        idp: l.format.idp,
        ppr: l.format.ppr > 0,
        pickCount: l.draft.picks.length,
      });
    }
    // Visitors' leagues are not the configured ones, and their credentials are not kept.
    expect((await read('mfl')).every((r) => !r.configured)).toBe(true);
    const stored = JSON.stringify(await t.database.db.select().from(rookieAdpLeagues));
    expect(stored).not.toContain(mflCookie);
  });

  it('takes leagues another tool already listed, and reads each at most once a while', async () => {
    const l = publicMflLeagues(sim.world).at(-1)!;
    const visitor = { mflLeagues: [{ league_id: l.id }], mflContributor: 'contributor-key-of-a-visitor' };
    const first = await ingestVisitorLeagues(t.ctx, visitor);
    expect(first).toMatchObject({ leagues: 1, ok: 1 });
    const second = await ingestVisitorLeagues(t.ctx, visitor);
    expect(second.leagues).toBe(0);
    // Without the visitor's consent (no contributor key) their MFL leagues are not read at all.
    const other = publicMflLeagues(sim.world).at(-2)!;
    expect(await ingestVisitorLeagues(t.ctx, { mflLeagues: [{ league_id: other.id }] })).toMatchObject({
      leagues: 0,
    });
  });
});

describe('the scheduled refresh', { timeout: 120_000 }, () => {
  it('reads the configured leagues at start (through the crawl job) and picks up new picks later', async () => {
    const leagues = publicMflLeagues(sim.world).slice(-4);
    const growing = leagues[0];
    // A draft in progress: the first read sees six picks, later reads all of them.
    const allPicks = growing.draft.picks;
    growing.draft.picks = allPicks.slice(0, 6);
    const app = await startAdpApp(sim, {
      ADP_LEAGUE_IDS: leagues.map((l) => l.id).join(','),
      ADP_REFRESH_MINUTES: '0.005',
      // The configured leagues alone: with the Sleeper walk a run also crawls the simulated user
      // graph, which beside the rest of the suite kept the first run open for minutes.
      ADP_SLEEPER_WALK: '0',
    });
    try {
      const status = async () => (await app.app.inject({ method: 'GET', url: '/api/mfl/adp/status' })).json();
      await eventually(async () => (await status()).leagues.read === 4);
      const pickCount = async () =>
        (
          await app.database.db.select().from(rookieAdpDrafts).where(eq(rookieAdpDrafts.leagueId, growing.id))
        )[0]?.pickCount;
      expect(await pickCount()).toBe(6);
      growing.draft.picks = allPicks;
      // The crawl's cache keeps an answer only while a league is read: the next read sees the new picks.
      await eventually(async () => (await pickCount()) === allPicks.length, 40_000);
      // Which run read them again is the crawl's business: on a loaded machine the first run, reading
      // within the background lane's share of MFL's rate, is still open when the cache lets the
      // league's answer go and reads it again.
      const s = await status();
      expect(s.refresh.runs + (s.refresh.running ? 1 : 0)).toBeGreaterThanOrEqual(1);
      expect(s.leagues).toMatchObject({ configured: 4, read: 4, failing: 0 });
      expect(s.drafts).toBe(4);
    } finally {
      growing.draft.picks = allPicks;
      await app.close();
    }
  });
});
