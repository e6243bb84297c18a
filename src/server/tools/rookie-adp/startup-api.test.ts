import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdpSourceStats } from '#common/adp-sources.ts';
import type { AdpAnswer } from '#common/rookie-adp.ts';
import type { StartupAnswer, StartupRequestInput } from '#common/startup-adp.ts';
import { sleeperFacts } from '#server/adp-data/facts.ts';
import { ADP_VERSION_KEY } from '#server/adp-data/ingest.ts';
import { mflStartupAuction } from '#server/adp-data/read-mfl.ts';
import { sleeperDraft, sleeperStartup } from '#server/adp-data/read-sleeper.ts';
import type { StartupDraftRecord } from '#server/adp-data/startup-record.ts';
import { saveStartupDraft } from '#server/adp-data/startup-store.ts';
import { deleteLeagues } from '#server/adp-data/store.ts';
import { readAuctionResults, readLeague, readPlayers } from '#server/leagues/mfl/schemas.ts';
import {
  sleeperDraftPickSchema,
  sleeperDraftSchema,
  sleeperLeagueSchema,
} from '#server/leagues/sleeper/schemas.ts';
import { fixtureJson } from '#test/league-fixtures.ts';
import { type AdpTestApp, startAdpApp } from '#test/rookie-adp.ts';

/*
 * POST /api/mfl/adp/startup on a real database: startup drafts derived from recorded answers
 * (tests/fixtures/derived/startup/README.md says how), read by the services' readers, stored and
 * answered; and hand-made drafts with known averages. A snake answer counts snake drafts only, an
 * auction answer auctions only, and neither is ever counted as a rookie draft.
 */

const derived = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../tests/fixtures/derived/startup/${name}`, import.meta.url), 'utf8'),
  );
const v1 = 'ffverse__ffscrapr-tests/sleeper/v1/';

const sleeperLeague = sleeperLeagueSchema.parse(derived('sleeper-league.json'));
const facts = sleeperFacts(sleeperLeague)!;
const snakeDraft = sleeperDraftSchema.parse(derived('sleeper-snake-draft.json'));
const snakePicks = (derived('sleeper-snake-picks.json') as unknown[]).map((p) =>
  sleeperDraftPickSchema.parse(p),
);
const auctionDraft = sleeperDraftSchema.parse(derived('sleeper-auction-draft.json'));
const auctionPicks = (derived('sleeper-auction-picks.json') as unknown[]).map((p) =>
  sleeperDraftPickSchema.parse(p),
);

const mflLeague = readLeague(derived('mfl-league.json'));
const mflPlayers = new Map(
  readPlayers(fixtureJson('mfl', 'dynastyprocess__ffscrapr-tests/mfl/2020/export-e54ca1.json')).players.map(
    (p) => [p.id, p],
  ),
);
const [mflUnit] = readAuctionResults(derived('mfl-auction-results.json'));
const mflFacts = { size: mflLeague.franchises.length, qbFormat: '1QB' as const, idp: false, ppr: true };
const mflAuction = mflStartupAuction(
  '37920',
  2020,
  'LEAGUE',
  mflFacts,
  Number(mflLeague.auctionStartAmount),
  mflUnit.auctions,
  {
    isRookie: (p) => mflPlayers.get(p.player)?.draft_year === '2020',
    player: (id) => mflPlayers.get(id),
  },
);

const every: Pick<StartupRequestInput, 'sizes' | 'types' | 'minShare'> = {
  sizes: [10, 12, 14],
  types: ['1QB', 'SF', '2QB'],
  minShare: 0,
};
const april2020 = { startDate: '2020-04-01', endDate: '2020-04-30' };

let t: AdpTestApp;
const ask = async (body: StartupRequestInput) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/mfl/adp/startup', payload: body });
  expect(res.statusCode).toBe(200);
  return res.json() as StartupAnswer;
};

/** Stores a draft as ingestion does: the answers' version moves on, so no cached answer hides it. */
const store = async (record: StartupDraftRecord) => {
  await saveStartupDraft(t.database.db, record);
  await t.cache.incr(ADP_VERSION_KEY);
};

beforeAll(async () => {
  t = await startAdpApp();
});
afterAll(() => t?.close());

describe('startup drafts derived from recorded answers', () => {
  it('reads the derived Sleeper snake startup, and never the recorded rookie draft, as a startup', () => {
    const startup = sleeperStartup(sleeperLeague, facts, snakeDraft, snakePicks)!;
    expect(startup.kind).toBe('snake');
    expect(startup.picks).toHaveLength(48);
    // The recorded league continues an earlier one, and its draft is rookie-only: no startup.
    const recordedLeague = sleeperLeagueSchema.parse(
      fixtureJson('sleeper', `${v1}league/522458773317046272.json`),
    );
    const [recordedDraft] = (
      fixtureJson('sleeper', `${v1}league/522458773317046272/drafts.json`) as unknown[]
    ).map((d) => sleeperDraftSchema.parse(d));
    const recordedPicks = (
      fixtureJson('sleeper', `${v1}draft/522458773321240576/picks.json`) as unknown[]
    ).map((p) => sleeperDraftPickSchema.parse(p));
    expect(sleeperStartup(recordedLeague, facts, recordedDraft, recordedPicks)).toBeUndefined();
    expect(sleeperStartup(sleeperLeague, facts, recordedDraft, recordedPicks)).toBeUndefined();
    // Nor is the derived startup a rookie draft.
    expect(sleeperDraft(sleeperLeague.league_id, facts, snakeDraft, snakePicks)).toBeUndefined();
  });

  it('answers the derived Sleeper snake startup: each player his pick, never in the auctions or rookie ADP', async () => {
    await store(sleeperStartup(sleeperLeague, facts, snakeDraft, snakePicks)!);
    const snake = await ask({ ...every, ...april2020, service: 'sleeper', kind: 'snake' });
    expect(snake.kind).toBe('snake');
    expect(snake.totalLeagues).toBe(1);
    expect(snake.source.note).toContain('Sleeper startup snake drafts');
    if (snake.kind !== 'snake') throw new Error('not a snake answer');
    const byId = new Map(snake.players.map((p) => [p.id, p]));
    expect(byId.size).toBe(48);
    for (const pick of snakePicks) {
      const p = byId.get(pick.player_id)!;
      expect([p.adp, p.minPick, p.maxPick, p.drafts]).toEqual([pick.pick_no, pick.pick_no, pick.pick_no, 1]);
    }
    expect((await ask({ ...every, ...april2020, service: 'sleeper', kind: 'auction' })).totalLeagues).toBe(0);
    const rookie = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp',
      payload: { ...every, ...april2020, service: 'sleeper' },
    });
    expect((rookie.json() as AdpAnswer).totalLeagues).toBe(0);
  });

  it('answers the derived Sleeper auction by share of the budget, never as a snake draft', async () => {
    const startup = sleeperStartup(sleeperLeague, facts, auctionDraft, auctionPicks)!;
    expect([startup.kind, startup.budget]).toEqual(['auction', 200]);
    // An auction is never a rookie draft either, whatever its players.
    // A rookie-only auction is no rookie draft either: only a draft by pick order gives a rookie ADP.
    const rookieOnly = { ...auctionDraft, settings: { ...auctionDraft.settings, player_type: 1 } };
    expect(sleeperDraft(sleeperLeague.league_id, facts, rookieOnly, auctionPicks)).toBeUndefined();
    expect(
      sleeperDraft(sleeperLeague.league_id, facts, { ...rookieOnly, type: 'linear' }, auctionPicks),
    ).toBeDefined();
    await store(startup);
    const auction = await ask({ ...every, ...april2020, service: 'sleeper', kind: 'auction' });
    if (auction.kind !== 'auction') throw new Error('not an auction answer');
    expect(auction.totalLeagues).toBe(1);
    const byId = new Map(auction.players.map((p) => [p.id, p]));
    for (const pick of auctionPicks) {
      const share = Number(pick.metadata?.amount) / 200;
      expect([byId.get(pick.player_id)?.share, byId.get(pick.player_id)?.maxShare]).toEqual([share, share]);
    }
    // Ranked by share, most expensive first.
    expect(auction.players[0].share).toBe(60 / 200);
    expect(auction.players.map((p) => p.share)).toEqual(
      [...auction.players.map((p) => p.share)].sort((a, b) => b - a),
    );
    // The snake answer still counts the one snake draft only.
    expect((await ask({ ...every, ...april2020, service: 'sleeper', kind: 'snake' })).totalLeagues).toBe(1);
  });

  it('answers the derived MFL startup auction: each price over the league budget of 1000', async () => {
    expect(mflAuction?.picks).toHaveLength(32);
    await store(mflAuction!);
    const auction = await ask({
      ...every,
      startDate: '2020-08-01',
      endDate: '2020-08-01',
      service: 'mfl',
      kind: 'auction',
    });
    if (auction.kind !== 'auction') throw new Error('not an auction answer');
    expect(auction.totalLeagues).toBe(1);
    expect(auction.source.note).toContain('MFL startup auctions');
    const byId = new Map(auction.players.map((p) => [p.id, p.share]));
    for (const sale of mflUnit.auctions) expect(byId.get(sale.player)).toBe(Number(sale.winningBid) / 1000);
    expect(
      (
        await ask({
          ...every,
          startDate: '2020-08-01',
          endDate: '2020-08-01',
          service: 'sleeper',
          kind: 'auction',
        })
      ).totalLeagues,
    ).toBe(0);
  });
});

describe('startup answers over several drafts', () => {
  const player = (key: string) => ({ key, name: `Player ${key}`, position: 'WR' });
  const draft = (
    key: string,
    kind: 'snake' | 'auction',
    size: number,
    day: number,
    values: [string, number][],
  ): StartupDraftRecord => ({
    service: 'sleeper',
    draftKey: key,
    leagueId: `league-${key}`,
    season: 2024,
    kind,
    facts: { size, qbFormat: 'SF', idp: false, ppr: true },
    ...(kind === 'auction' ? { budget: 200 } : {}),
    startedAt: new Date(Date.UTC(2024, 6, day, 12)),
    picks: values.map(([k, value]) => ({ value, player: player(k) })),
  });
  const july = { startDate: '2024-07-01', endDate: '2024-07-31' };

  beforeAll(async () => {
    for (const d of [
      draft('s1', 'snake', 12, 3, [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]),
      draft('s2', 'snake', 12, 9, [
        ['a', 2],
        ['b', 1],
      ]),
      draft('s3', 'snake', 10, 20, [
        ['c', 1],
        ['a', 4],
      ]),
      draft('a1', 'auction', 12, 5, [
        ['a', 0.3],
        ['b', 0.1],
      ]),
      // 16 teams: no size the page can choose, so never counted, not even in the widest filter's totals.
      draft('s4', 'snake', 16, 12, [
        ['a', 50],
        ['d', 1],
      ]),
      draft('a2', 'auction', 12, 6, [
        ['a', 0.2],
        ['c', 0.05],
      ]),
    ])
      await store(d);
  });

  it('averages snake picks over the snake drafts of the chosen sizes only', async () => {
    const all = await ask({ ...every, ...july, service: 'sleeper', kind: 'snake' });
    if (all.kind !== 'snake') throw new Error('not a snake answer');
    expect(all.totalLeagues).toBe(3);
    expect(all.players.map((p) => [p.id, p.adp, p.minPick, p.maxPick, p.drafts])).toEqual([
      ['b', 1.5, 1, 2, 2],
      ['c', 2, 1, 3, 2],
      ['a', 7 / 3, 1, 4, 3],
    ]);
    const twelve = await ask({ ...every, sizes: [12], ...july, service: 'sleeper', kind: 'snake' });
    if (twelve.kind !== 'snake') throw new Error('not a snake answer');
    expect(twelve.players.map((p) => [p.id, p.adp])).toEqual([
      ['a', 1.5],
      ['b', 1.5],
      ['c', 3],
    ]);
  });

  it('averages auction shares over the auctions only, most expensive first', async () => {
    const res = await ask({ ...every, ...july, service: 'sleeper', kind: 'auction' });
    if (res.kind !== 'auction') throw new Error('not an auction answer');
    expect(res.totalLeagues).toBe(2);
    expect(res.players.map((p) => [p.id, p.share, p.minShare, p.maxShare, p.drafts, p.draftShare])).toEqual([
      ['a', 0.25, 0.2, 0.3, 2, 1],
      ['b', 0.1, 0.1, 0.1, 1, 0.5],
      ['c', 0.05, 0.05, 0.05, 1, 0.5],
    ]);
  });

  it('applies the minimum share of drafts as rookie ADP does', async () => {
    const res = await ask({ ...every, ...july, service: 'sleeper', kind: 'auction', minShare: 60 });
    expect(res.players.map((p) => p.id)).toEqual(['a']);
    expect(res.hidden).toBe(2);
  });

  it('forgets a league’s startup drafts with the league (a withdrawn consent, a removed listing)', async () => {
    await deleteLeagues(t.database.db, 'sleeper', ['league-a1']);
    // What deletes leagues moves the answers' version on (consent.ts, the admin routes).
    await t.cache.incr(ADP_VERSION_KEY);
    const res = await ask({ ...every, ...july, service: 'sleeper', kind: 'auction' });
    expect(res.totalLeagues).toBe(1);
    expect(res.players.map((p) => p.id)).toEqual(['a', 'c']);
  });

  it('refuses a filter the rookie page would refuse, and a kind that is neither', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp/startup',
      payload: { sizes: [], types: [] },
    });
    expect(bad.statusCode).toBe(400);
    const kind = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp/startup',
      payload: { ...every, ...july, kind: 'linear' },
    });
    expect(kind.statusCode).toBe(400);
  });
});

describe('what the operator sees of the startup drafts', () => {
  it('the admin data page and /metrics count them per service and kind, apart from the rookie drafts', async () => {
    const admin = await t.userWithRole('superuser');
    const sources = async () =>
      (await t.get('/api/admin/adp', admin.cookie)).json().answerSources as AdpSourceStats;
    const count = (stats: AdpSourceStats, kind: 'snake' | 'auction') =>
      stats.startup.find((s) => s.service === 'mfl' && s.kind === kind)!;
    const before = await sources();
    const newest = new Date(Date.UTC(2030, 0, 2, 12));
    const mflDraft = (key: string, kind: 'snake' | 'auction', startedAt: Date): StartupDraftRecord => ({
      service: 'mfl',
      draftKey: `ops-${key}`,
      leagueId: `ops-league-${key}`,
      season: 2030,
      kind,
      facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
      ...(kind === 'auction' ? { budget: 1000 } : {}),
      startedAt,
      picks: [
        {
          value: kind === 'auction' ? 0.25 : 1,
          player: { key: `ops-${key}`, name: 'Ops Player', position: 'WR' },
        },
      ],
    });
    await store(mflDraft('s1', 'snake', new Date(Date.UTC(2030, 0, 1, 12))));
    await store(mflDraft('s2', 'snake', newest));
    await store(mflDraft('a1', 'auction', newest));

    const after = await sources();
    expect(count(after, 'snake')).toEqual({
      service: 'mfl',
      kind: 'snake',
      drafts: count(before, 'snake').drafts + 2,
      newestDraftAt: newest.toISOString(),
    });
    expect(count(after, 'auction').drafts).toBe(count(before, 'auction').drafts + 1);
    // The rookie drafts' counts do not move.
    expect(after.store).toEqual(before.store);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(metrics).toContain(
      `dynasty_rookie_adp_drafts{source="store-mfl-startup-snake"} ${count(after, 'snake').drafts}`,
    );
    expect(metrics).toContain(
      `dynasty_rookie_adp_newest_draft_timestamp_seconds{source="store-mfl-startup-auction"} ${newest.getTime() / 1000}`,
    );
  });
});
