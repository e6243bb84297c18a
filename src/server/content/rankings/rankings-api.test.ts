import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListAnswer } from '#common/content.ts';
import type { LeaguePlayer, PlayerList } from '#common/leagues.ts';
import type {
  Consensus,
  Ranking,
  RankingInput,
  RankingListItem,
  RankingMarket,
  RankingVersion,
} from '#common/rankings.ts';
import { saveStartupDraft } from '#server/adp-data/startup-store.ts';
import { rankingEntries, rankings } from '#server/db/schema.ts';
import { saveValueSet } from '#server/market/values/store.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';

/*
 * Rankings through the app on a real database: the roles and rules of articles, the board's players
 * checked against the player list, a published version per change, the market beside the board and
 * the consensus of the writers.
 */

let sim: Sim;
let t: TestApp;
let superUser: { cookie: string; user: { id: number } };
let writer: { cookie: string; user: { id: number; name: string } };
let otherWriter: { cookie: string; user: { id: number; name: string } };
let plainUser: { cookie: string };
let qbs: LeaguePlayer[];
let rbs: LeaguePlayer[];

beforeAll(async () => {
  sim = await startSim();
  t = await makeTestApp({}, { sim });
  superUser = await t.userWithRole('superuser', { name: 'Sam Super' });
  writer = await t.userWithRole('contributor', { name: 'Wren Writer' });
  otherWriter = await t.userWithRole('contributor', { name: 'Olly Other' });
  plainUser = await t.userWithRole('user');
  // The server holds the player list once something has asked for it (the editor does).
  const list = (await t.get('/api/players')).json() as PlayerList;
  const withMfl = list.players.filter((p) => p.mfl_id);
  qbs = withMfl.filter((p) => p.position === 'QB').slice(0, 6);
  rbs = withMfl.filter((p) => p.position === 'RB').slice(0, 6);
  expect(qbs.length).toBe(6);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const board = (players: LeaguePlayer[], tiers: number[] = players.map(() => 1)) =>
  players.map((p, i) => ({ playerId: p.id, tier: tiers[i], note: '' }));
const input = (over: Partial<RankingInput> = {}): RankingInput => ({
  title: 'Superflex QBs',
  kind: 'position',
  position: 'QB',
  qbFormat: 'SF',
  ppr: true,
  tePremium: false,
  entries: board(qbs.slice(0, 4), [1, 1, 2, 2]),
  ...over,
});
const save = (body: unknown, cookie: string, id?: number) =>
  t.post(id === undefined ? '/api/rankings' : `/api/rankings/${id}`, body, cookie);
const rowCount = async () => (await t.database.db.select().from(rankings)).length;
const entryCount = async () => (await t.database.db.select().from(rankingEntries)).length;

describe('writing rankings, as articles are written', () => {
  it('a contributor saves a hidden draft with the player list’s names; only a super user publishes', async () => {
    const res = await save(input(), writer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as Ranking;
    expect(r).toMatchObject({
      shortname: 'superflex-qbs',
      isVisible: false,
      contributorId: writer.user.id,
      versions: 0,
    });
    expect(r.entries.map((e) => [e.rank, e.name, e.position, e.tier])).toEqual(
      qbs.slice(0, 4).map((p, i) => [i + 1, p.name, 'QB', [1, 1, 2, 2][i]]),
    );
    // Hidden: not public, no history.
    expect((await t.get(`/api/rankings/${r.shortname}`)).statusCode).toBe(404);
    expect((await t.get(`/api/rankings/${r.id}?isAdmin=true`, writer.cookie)).statusCode).toBe(200);
    expect((await save({ ...input(), isVisible: true }, writer.cookie, r.id)).statusCode).toBe(403);
    expect((await save(input(), otherWriter.cookie, r.id)).statusCode).toBe(403);
    expect((await save(input(), plainUser.cookie)).statusCode).toBe(403);
    expect((await t.post('/api/rankings', input())).statusCode).toBe(401);

    const published = await save({ ...input(), isVisible: true }, superUser.cookie, r.id);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ isVisible: true, versions: 1 });
    expect((await t.get(`/api/rankings/${r.shortname}`)).json().entries).toHaveLength(4);
  });

  it('keeps each published version with who saved it and what changed, and names the movers', async () => {
    const created = (
      await save(
        {
          ...input({ title: 'Dynasty RBs', position: 'RB', entries: board(rbs.slice(0, 4)) }),
          isVisible: true,
        },
        superUser.cookie,
      )
    ).json() as Ranking;
    // The writer's own now (a super user hands it over), then edited by them.
    expect(
      (
        await save(
          {
            ...input({ title: 'Dynasty RBs', position: 'RB', entries: board(rbs.slice(0, 4)) }),
            contributorId: writer.user.id,
          },
          superUser.cookie,
          created.id,
        )
      ).statusCode,
    ).toBe(200);
    const [a, b, c, d] = rbs;
    const e = rbs[4];
    const edited = await save(
      input({ title: 'Dynasty RBs', position: 'RB', entries: board([c, a, b, e], [1, 1, 1, 2]) }),
      writer.cookie,
      created.id,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // Saving the same board again records nothing new.
    await save(
      input({ title: 'Dynasty RBs', position: 'RB', entries: board([c, a, b, e], [1, 1, 1, 2]) }),
      writer.cookie,
      created.id,
    );
    const versions = (await t.get(`/api/rankings/${created.shortname}/versions`)).json() as RankingVersion[];
    expect(versions.map((v) => [v.number, v.editor?.name])).toEqual([
      [2, 'Wren Writer'],
      [1, 'Sam Super'],
    ]);
    expect(versions[0].changes).toEqual([
      `Added ${e.name} (4).`,
      `Removed ${d.name} (was 4).`,
      `Moved ${c.name} 3 → 1.`,
    ]);
    const market = (await t.get(`/api/rankings/${created.shortname}/market`)).json() as RankingMarket;
    expect(market.previous?.number).toBe(1);
    expect(market.movers[0]).toMatchObject({ name: c.name, from: 3, to: 1 });
    expect(market.movers.at(-1)).toMatchObject({ name: e.name, from: null, to: 4 });
  });

  it('deletes as articles do: a contributor only their own, and the board goes with it', async () => {
    const mine = (await save(input({ title: 'To delete' }), writer.cookie)).json() as Ranking;
    const before = await entryCount();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/rankings/${mine.id}`, cookie: otherWriter.cookie }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/rankings/${mine.id}`, cookie: writer.cookie }))
        .statusCode,
    ).toBe(204);
    expect(await entryCount()).toBe(before - 4);
  });
});

describe('a writer’s account deleted', () => {
  it('hands their rankings to the heir a super user names', async () => {
    const leaving = await t.userWithRole('contributor', { name: 'Leaving Writer' });
    const heir = await t.userWithRole('contributor', { name: 'Heir Writer' });
    const r = (await save(input({ title: 'Handed over' }), leaving.cookie)).json() as Ranking;
    const res = await t.request({
      method: 'DELETE',
      url: `/api/users/${leaving.user.id}?contentTo=${heir.user.id}`,
      cookie: superUser.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.get(`/api/rankings/${r.id}?isAdmin=true`, heir.cookie)).json() as Ranking;
    expect(after).toMatchObject({ contributorId: heir.user.id, contributor: { name: 'Heir Writer' } });
  });
});

describe('bad boards: a message beside the field, nothing saved', () => {
  const refused = async (body: unknown, field: string, message: RegExp, id?: number) => {
    const [rows, entries] = [await rowCount(), await entryCount()];
    const res = await save(body, writer.cookie, id);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field, error: expect.stringMatching(message) });
    expect([await rowCount(), await entryCount()]).toEqual([rows, entries]);
  };

  it('a player twice', () =>
    refused(
      input({ entries: board([qbs[0], qbs[1], qbs[0]]) }),
      'entries/2/playerId',
      /Rank 3 is the same player as rank 1/,
    ));
  it('an empty ranking', () => refused(input({ entries: [] }), 'entries', /at least one player/));
  it('an unknown player', () =>
    refused(
      input({ entries: [...board(qbs.slice(0, 2)), { playerId: '99999999', tier: 1, note: '' }] }),
      'entries/2/playerId',
      /no player with the id “99999999”/,
    ));
  it('a tier out of order', () =>
    refused(input({ entries: board(qbs.slice(0, 3), [1, 2, 1]) }), 'entries/2/tier', /tier 1, after tier 2/));
  it('a tier skipped', () =>
    refused(
      input({ entries: board(qbs.slice(0, 2), [1, 3]) }),
      'entries/1/tier',
      /jumps from tier 1 to tier 3/,
    ));
  it('5,000 rows', () =>
    refused(
      input({
        entries: Array.from({ length: 5000 }, (_, i) => ({ playerId: String(i), tier: 1, note: '' })),
      }),
      'entries',
      /at most 600 players/,
    ));
  it('a by-position ranking with no position', () =>
    refused(input({ position: undefined }), 'position', /Choose the position/));
  it('a note too long', () =>
    refused(
      input({ entries: [{ playerId: qbs[0].id, tier: 1, note: 'x'.repeat(281) }] }),
      'entries',
      /280 characters/,
    ));

  it('an edit that fails leaves the saved board as it was', async () => {
    const r = (await save(input({ title: 'Kept whole' }), writer.cookie)).json() as Ranking;
    await refused(
      input({ title: 'Kept whole', entries: board([qbs[3], qbs[3]]) }),
      'entries/1/playerId',
      /same player/,
      r.id,
    );
    const after = (await t.get(`/api/rankings/${r.id}?isAdmin=true`, writer.cookie)).json() as Ranking;
    expect(after.entries.map((e) => e.playerId)).toEqual(qbs.slice(0, 4).map((p) => p.id));
  });
});

describe('lists, market and consensus', () => {
  let rookie: Ranking;
  beforeAll(async () => {
    const publish = async (who: typeof writer, body: RankingInput) => {
      const r = (await save(body, who.cookie)).json() as Ranking;
      return (await save({ ...body, isVisible: true }, superUser.cookie, r.id)).json() as Ranking;
    };
    await publish(
      writer,
      input({
        title: 'Wren overall',
        kind: 'overall',
        position: undefined,
        entries: board([qbs[0], rbs[0], qbs[1]], [1, 1, 2]),
      }),
    );
    await publish(
      otherWriter,
      input({
        title: 'Olly overall',
        kind: 'overall',
        position: undefined,
        entries: board([rbs[0], qbs[1]], [1, 2]),
      }),
    );
    rookie = await publish(
      writer,
      input({
        title: 'Rookies 1QB',
        kind: 'rookie',
        qbFormat: '1QB',
        position: undefined,
        entries: board([rbs[1], rbs[2]]),
      }),
    );
  });

  it('filters the public list by kind and format, newest first, with each board’s top players', async () => {
    const list = (
      await t.get('/api/rankings?kind=overall&qbFormat=SF&ppr=true')
    ).json() as ListAnswer<RankingListItem>;
    expect(list.items.map((r) => r.title)).toEqual(['Olly overall', 'Wren overall']);
    expect(list.items[1]).toMatchObject({ players: 3, top: [{ rank: 1, name: qbs[0].name }, {}, {}] });
    const rookies = (await t.get('/api/rankings?kind=rookie')).json() as ListAnswer<RankingListItem>;
    expect(rookies.items.map((r) => r.title)).toEqual(['Rookies 1QB']);
    expect((await t.get(`/api/rankings?writer=${otherWriter.user.id}`)).json().total).toBe(1);
    expect((await t.get('/api/rankings?kind=nonsense')).statusCode).toBe(400);
  });

  it('averages every writer’s latest board of a format, naming them and the spread', async () => {
    const c = (await t.get('/api/rankings/consensus?kind=overall&qbFormat=SF&ppr=true')).json() as Consensus;
    expect(c.writers.map((w) => w.name)).toEqual(['Olly Other', 'Wren Writer']);
    // rbs[0]: 1 and 2 → 1.5; qbs[1]: 2 and 3 → 2.5; qbs[0]: off Olly's two (3) and 1 → 2.
    expect(c.rows.map((r) => [r.name, r.average, r.ranks, r.spread])).toEqual([
      [rbs[0].name, 1.5, [1, 2], 1],
      [qbs[0].name, 2, [null, 1], 0],
      [qbs[1].name, 2.5, [2, 3], 1],
    ]);
    // A format no writer has: no rows, and the formats that have boards, the most written first.
    const none = (await t.get('/api/rankings/consensus?kind=idp')).json() as Consensus;
    expect(none).toMatchObject({ writers: [], rows: [] });
    expect(none.formats[0]).toMatchObject({ kind: 'overall', qbFormat: 'SF', ppr: true, writers: 2 });
    expect(none.formats).toContainEqual(
      expect.objectContaining({ kind: 'rookie', qbFormat: '1QB', writers: 1 }),
    );
    expect(none.formats.some((f) => f.kind === 'idp')).toBe(false);
  });

  it('puts each market source’s rank beside the board, from the ADP store', async () => {
    const picks = (order: LeaguePlayer[]) =>
      order.map((p, i) => ({ value: i + 1, player: { key: p.mfl_id!, name: p.name, position: p.position } }));
    const now = Date.now();
    await saveStartupDraft(t.database.db, {
      service: 'mfl',
      draftKey: 'ranking-test:1',
      leagueId: '70001',
      season: new Date(now).getUTCFullYear(),
      kind: 'snake',
      facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
      startedAt: new Date(now - 86_400_000),
      picks: picks([rbs[0], qbs[1], rbs[3], qbs[0]]),
    });
    // A new content version, as any save makes, so the cached answer is read again.
    await save(input({ title: 'Bump' }), writer.cookie);
    const wren = (await t.get(`/api/rankings?kind=overall&writer=${writer.user.id}`)).json()
      .items[0] as RankingListItem;
    const market = (await t.get(`/api/rankings/${wren.shortname}/market`)).json() as RankingMarket;
    expect(market.sources.map((s) => s.key)).toEqual(['values', 'adp-mfl', 'adp-sleeper']);
    expect(market.rows.map((r) => r.cells[1])).toEqual([
      { rank: 4, value: 4 },
      { rank: 1, value: 1 },
      { rank: 2, value: 2 },
    ]);
    expect(market.rows.every((r) => r.cells[2] === null)).toBe(true);

    // A player one draft in twenty-two took first is under the ADP page's 5 % and does not count.
    const draft = (key: string, order: LeaguePlayer[]) =>
      saveStartupDraft(t.database.db, {
        service: 'mfl',
        draftKey: key,
        leagueId: key,
        season: new Date(now).getUTCFullYear(),
        kind: 'snake',
        facts: { size: 12, qbFormat: 'SF', idp: false, ppr: true },
        startedAt: new Date(now - 86_400_000),
        picks: picks(order),
      });
    for (let i = 2; i <= 21; i++) await draft(`ranking-test:${i}`, [rbs[0], qbs[1], rbs[3], qbs[0]]);
    await draft('ranking-test:22', [qbs[5], rbs[0], qbs[1], rbs[3], qbs[0]]);
    await save(input({ title: 'Bump again' }), writer.cookie);
    const wider = (await t.get(`/api/rankings/${wren.shortname}/market`)).json() as RankingMarket;
    expect(wider.rows.map((r) => r.cells[1]?.rank)).toEqual([4, 1, 2]);

    // Market values from trades, of the board's format (12 teams, SF, PPR 1, no TE premium): ranked by
    // value among the board's positions, a too-thin value and another position left out of the ranks.
    // A board player with too few trades shows his estimate without a rank, as the calculator counts
    // him. The figure is whole points, as the values page shows it.
    const row = (p: LeaguePlayer, value: number, thin = false) => ({
      asset: `player:${p.mfl_id}`,
      kind: 'player' as const,
      name: p.name,
      position: p.position,
      team: 'FA',
      rookie: false,
      ids: [p.sleeper_id && `sleeper:${p.sleeper_id}`, `mfl:${p.mfl_id}`].filter((x): x is string => !!x),
      value,
      error: 10,
      previous: null,
      trades: thin ? 1 : 9,
      tradeIds: [],
      thin,
    });
    await saveValueSet(t.database.db, {
      format: '12-sf-ppr1-te0',
      computedAt: new Date(now),
      trades: 30,
      exact: 30,
      outliers: 0,
      services: ['sleeper'],
      from: new Date(now - 86_400_000),
      to: new Date(now),
      heldOutError: null,
      rows: [
        row(qbs[5], 9_000, true),
        row(qbs[1], 8_000),
        { ...row(rbs[3], 7_500), position: 'K' },
        row(qbs[0], 7_000),
        row(rbs[0], 3_000.4, true),
      ],
    });
    await save(input({ title: 'Bump for values' }), writer.cookie);
    const valued = (await t.get(`/api/rankings/${wren.shortname}/market`)).json() as RankingMarket;
    expect(valued.rows.map((r) => r.cells[0])).toEqual([
      { rank: 2, value: 7_000 },
      { rank: null, value: 3_000 },
      { rank: 1, value: 8_000 },
    ]);
    // A rookie board reads the rookie store, which holds none of these drafts.
    const rookieMarket = (await t.get(`/api/rankings/${rookie.shortname}/market`)).json() as RankingMarket;
    // (Its format is 1QB: no values are stored for it either.)
    expect(rookieMarket.rows.every((r) => r.cells.every((c) => c === null))).toBe(true);
  });
});
