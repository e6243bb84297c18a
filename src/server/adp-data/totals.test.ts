import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdpService } from '#common/rookie-adp.ts';
import type { StartupKind } from '#common/startup-adp.ts';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { emptyDatabase, openTestDatabase, testDbKind } from '#test/database.ts';
import type { DraftRecord } from './draft-record.ts';
import type { LeagueFacts } from './facts.ts';
import { rebuildMonths } from './months.ts';
import type { StartupDraftRecord } from './startup-record.ts';
import { rebuildStartupMonths, saveStartupDraft } from './startup-store.ts';
import { deleteLeagues, saveDraft } from './store.ts';

/*
 * A save recomputes only the monthly totals its draft touches (its month, facts and players, now and
 * before). Whatever the saves and deletes, the totals must equal a rebuild from the picks.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const MONTHS = [
  Date.UTC(2025, 4, 3),
  Date.UTC(2025, 4, 30, 23, 59),
  Date.UTC(2025, 5, 1),
  Date.UTC(2025, 6, 9),
];
const PLAYERS = Array.from({ length: 14 }, (_, i) => ({
  key: String(10_000 + i),
  name: `Player ${i}`,
  position: 'RB',
}));

const factsArb: fc.Arbitrary<LeagueFacts> = fc.record({
  size: fc.constantFrom(10, 12),
  qbFormat: fc.constantFrom('1QB' as const, 'SF' as const),
  idp: fc.boolean(),
  ppr: fc.boolean(),
});

/** A draft of one of four leagues: its month, facts and players (in pick order) drawn afresh each save. */
const draftArb = fc.record({
  service: fc.constantFrom<AdpService>('mfl', 'sleeper'),
  league: fc.integer({ min: 1, max: 4 }),
  startedAt: fc.constantFrom(...MONTHS),
  facts: factsArb,
  players: fc.uniqueArray(fc.integer({ min: 0, max: PLAYERS.length - 1 }), { maxLength: 8 }),
  kind: fc.constantFrom<StartupKind>('snake', 'auction'),
});
type Draft = typeof draftArb extends fc.Arbitrary<infer T> ? T : never;

const stepArb = fc.oneof(
  { weight: 4, arbitrary: draftArb.map((d) => ({ op: 'rookie' as const, d })) },
  { weight: 3, arbitrary: draftArb.map((d) => ({ op: 'startup' as const, d })) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        service: fc.constantFrom<AdpService>('mfl', 'sleeper'),
        league: fc.integer({ min: 1, max: 4 }),
      })
      .map((d) => ({ op: 'delete' as const, d })),
  },
);

const rookie = (d: Draft): DraftRecord => ({
  service: d.service,
  draftKey: `L${d.league}`,
  leagueId: `L${d.league}`,
  season: 2025,
  facts: d.facts,
  startedAt: new Date(d.startedAt),
  picks: d.players.map((p, i) => ({
    overall: i + 1,
    pickedAt: new Date(d.startedAt + i * 60_000),
    player: PLAYERS[p],
  })),
});

const startup = (d: Draft): StartupDraftRecord => ({
  service: d.service,
  draftKey: `L${d.league}:startup`,
  leagueId: `L${d.league}`,
  season: 2025,
  kind: d.kind,
  facts: d.facts,
  budget: d.kind === 'auction' ? 1000 : undefined,
  startedAt: new Date(d.startedAt),
  picks: d.players.map((p, i) => ({
    value: d.kind === 'auction' ? 0.5 / (i + 1) : i + 1,
    player: PLAYERS[p],
  })),
});

/** Every totals row, in one order. */
const totals = async () => {
  const rows = async (table: string) =>
    (await queryRows<object>(database.db, sql.raw(`SELECT * FROM ${table}`)))
      .map((r) => JSON.stringify(r))
      .sort();
  return {
    rookie: await rows('rookie_adp_months'),
    startup: await rows('startup_adp_months'),
    wide: await rows('startup_adp_months_wide'),
  };
};

describe(`monthly totals kept by each save (${testDbKind})`, () => {
  it('equal a rebuild from the picks after any saves (drafts that move month, change facts, lose or swap players) and deletes', async () => {
    let saves = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        await emptyDatabase(database);
        for (const { op, d } of steps) {
          if (op === 'rookie') await saveDraft(database.db, rookie(d as Draft));
          else if (op === 'startup') await saveStartupDraft(database.db, startup(d as Draft));
          else await database.db.transaction((tx) => deleteLeagues(tx, d.service, [`L${d.league}`]));
          if (op !== 'delete') saves += 1;
        }
        const kept = await totals();
        await rebuildMonths(database.db);
        await rebuildStartupMonths(database.db);
        expect(kept).toEqual(await totals());
      }),
      { numRuns: 25, seed: 20261127 },
    );
    // The sequences saved drafts, not only deleted nothing.
    expect(saves).toBeGreaterThan(100);
  });
});
