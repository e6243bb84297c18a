import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftRecord } from '#server/adp-data/draft-record.ts';
import type { StartupDraftRecord } from '#server/adp-data/startup-record.ts';
import { saveStartupDraft } from '#server/adp-data/startup-store.ts';
import { saveDraft } from '#server/adp-data/store.ts';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase } from '#test/database.ts';
import { adpLookup } from './player-adp.ts';

/*
 * The ADP My week ranks free agents by, from the site's store: startup ADP (snake drafts only) for
 * whoever a startup took, rookie ADP for a rookie no startup took, each said which it is.
 */

const facts = { size: 12, qbFormat: 'SF' as const, idp: false, ppr: true };
const player = (key: string, position = 'WR') => ({ key, name: `Player ${key}`, position });
const now = Date.UTC(2026, 10, 20);
const day = new Date(Date.UTC(2026, 9, 1, 12));
let emptyAnswer: Awaited<ReturnType<typeof adpLookup>>;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // Asked before the store holds any ADP: kept only 30 s (see the last test).
  emptyAnswer = await adpLookup(database.db, now - 60_000);
  const startup = (
    kind: 'snake' | 'auction',
    key: string,
    values: [string, number][],
  ): StartupDraftRecord => ({
    service: 'sleeper',
    draftKey: key,
    leagueId: `league-${key}`,
    season: 2026,
    kind,
    facts,
    ...(kind === 'auction' ? { budget: 200 } : {}),
    startedAt: day,
    picks: values.map(([k, value]) => ({ value, player: player(k) })),
  });
  await saveStartupDraft(
    database.db,
    startup('snake', 's1', [
      ['veteran', 30],
      ['early-rookie', 12],
    ]),
  );
  // An auction's shares never become ADP.
  await saveStartupDraft(database.db, startup('auction', 'a1', [['auctioned', 0.2]]));
  const rookies: DraftRecord = {
    service: 'sleeper',
    draftKey: 'r1',
    leagueId: 'league-r1',
    season: 2026,
    facts,
    startedAt: day,
    picks: [
      ['early-rookie', 1],
      ['late-rookie', 7],
    ].map(([key, overall]) => ({ overall: overall as number, pickedAt: day, player: player(key as string) })),
  };
  await saveDraft(database.db, rookies);
});
afterAll(() => database?.close());

describe("My week's ADP", () => {
  it('startup ADP for whoever a startup took, rookie ADP for a rookie none took, nothing for the rest', async () => {
    const adpOf = await adpLookup(database.db, now);
    expect(adpOf({ sleeper_id: 'veteran' })).toEqual({ adp: 30, adpFrom: 'startup' });
    expect(adpOf({ sleeper_id: 'early-rookie' })).toEqual({ adp: 12, adpFrom: 'startup' });
    expect(adpOf({ sleeper_id: 'late-rookie' })).toEqual({ adp: 7, adpFrom: 'rookie' });
    expect(adpOf({ sleeper_id: 'auctioned' })).toBeUndefined();
    expect(adpOf({ mfl_id: 'veteran' })).toBeUndefined();
  });

  it('a store that had no ADP yet is asked again after 30 s, not kept for 10 minutes', async () => {
    expect(emptyAnswer({ sleeper_id: 'veteran' })).toBeUndefined();
    // The first test's read, 60 s after the empty one, already found the drafts; a read 5 minutes on
    // still holds them (kept 10 minutes once there is ADP).
    expect((await adpLookup(database.db, now + 5 * 60_000))({ sleeper_id: 'veteran' })).toEqual({
      adp: 30,
      adpFrom: 'startup',
    });
  });
});
