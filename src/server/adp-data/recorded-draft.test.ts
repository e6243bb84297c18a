import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdpAnswer, pickNotation } from '#common/rookie-adp.ts';
import {
  sleeperDraftPickSchema,
  sleeperDraftSchema,
  sleeperLeagueSchema,
} from '#server/leagues/sleeper/schemas.ts';
import { fixtureJson } from '#test/league-fixtures.ts';
import { type AdpTestApp, startAdpApp } from '#test/rookie-adp.ts';
import { sleeperFacts } from './facts.ts';
import { sleeperDraft } from './read-sleeper.ts';
import { saveDraft } from './store.ts';

/*
 * A real draft through the whole path: the recorded Sleeper rookie draft (ffscrapr's test data,
 * tests/fixtures/recorded/sleeper/INDEX.md) read, stored and answered by POST /api/mfl/adp. Alone in
 * its window, every rookie's ADP is exactly his pick, and in a 12-team draft his round.pick is the
 * recorded round and slot.
 */

const v1 = 'ffverse__ffscrapr-tests/sleeper/v1/';
const league = sleeperLeagueSchema.parse(fixtureJson('sleeper', `${v1}league/522458773317046272.json`));
const [draft] = (fixtureJson('sleeper', `${v1}league/522458773317046272/drafts.json`) as unknown[]).map((d) =>
  sleeperDraftSchema.parse(d),
);
const picks = (fixtureJson('sleeper', `${v1}draft/522458773321240576/picks.json`) as unknown[]).map((p) =>
  sleeperDraftPickSchema.parse(p),
);

let t: AdpTestApp;
beforeAll(async () => {
  t = await startAdpApp();
  await saveDraft(t.database.db, sleeperDraft(league.league_id, sleeperFacts(league)!, draft, picks)!);
});
afterAll(() => t?.close());

describe('a recorded Sleeper rookie draft, stored and answered', () => {
  it('gives each rookie exactly his pick, and his round and slot as round.pick', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp',
      payload: {
        service: 'sleeper',
        sizes: [10, 12, 14],
        types: ['1QB', 'SF', '2QB'],
        startDate: '2020-04-01',
        endDate: '2020-04-30',
        minShare: 0,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdpAnswer;
    expect(body.source.kind).toBe('store');
    expect(body.totalLeagues).toBe(1);
    expect(body.players).toHaveLength(48);
    const byId = new Map(body.players.map((p) => [p.id, p]));
    for (const pick of picks) {
      const p = byId.get(pick.player_id!)!;
      expect([p.adp, p.minPick, p.maxPick, p.drafts, p.draftShare]).toEqual([
        pick.pick_no,
        pick.pick_no,
        pick.pick_no,
        1,
        1,
      ]);
    }
    // The draft is 12 teams, four rounds: the recorded round and slot.
    expect(draft.settings?.teams).toBe(12);
    const raw = fixtureJson('sleeper', `${v1}draft/522458773321240576/picks.json`) as {
      player_id: string;
      round: number;
      draft_slot: number;
      pick_no: number;
    }[];
    for (const r of raw) {
      // A linear draft: the slot is the place in every round.
      expect(pickNotation(byId.get(r.player_id)!.adp, 12)).toBe(
        `${r.round}.${String(r.draft_slot).padStart(2, '0')}`,
      );
    }
  });
});
