import { mflPosition } from '#server/leagues/player-names.ts';
import type { SleeperClient } from '#server/leagues/sleeper/client.ts';
import type { SleeperDraft, SleeperDraftPick } from '#server/leagues/sleeper/schemas.ts';
import { type DraftRecord, firstPickOfEach, type LeagueDrafts, rookiePicks } from './draft-record.ts';
import { type LeagueFacts, sleeperFacts } from './facts.ts';

/** Sleeper's draft setting player_type: 1 = rookies only. */
const ROOKIES_ONLY = 1;

/** Reads one Sleeper league's rookie drafts (drafts not started yet are left for a later read). */
export async function readSleeperLeague(sleeper: SleeperClient, leagueId: string): Promise<LeagueDrafts> {
  const league = await sleeper.league(leagueId);
  const facts = sleeperFacts(league);
  if (!facts) return { drafts: [] };
  const drafts: DraftRecord[] = [];
  for (const draft of await sleeper.drafts(leagueId)) {
    if (draft.status === 'pre_draft' || !draft.start_time) continue;
    const record = sleeperDraft(leagueId, facts, draft, await sleeper.draftPicks(draft.draft_id));
    if (record) drafts.push(record);
  }
  return { drafts };
}

/**
 * One draft's record. Sleeper keeps no time per pick, so every pick takes the draft's start; a
 * player is a rookie when his metadata says no years in the league.
 */
export function sleeperDraft(
  leagueId: string,
  facts: LeagueFacts,
  draft: SleeperDraft,
  picks: readonly SleeperDraftPick[],
): DraftRecord | undefined {
  if (!draft.start_time) return undefined;
  const startedAt = new Date(draft.start_time);
  const rookieOnly = draft.settings?.player_type === ROOKIES_ONLY;
  const isRookie = (p: SleeperDraftPick) => p.metadata?.years_exp === '0';
  const kept = firstPickOfEach(
    rookiePicks(
      picks.filter((p) => p.player_id && p.pick_no >= 1),
      isRookie,
      rookieOnly,
    ).map((p) => ({
      overall: p.pick_no,
      pickedAt: startedAt,
      player: {
        key: p.player_id,
        name: [p.metadata?.first_name, p.metadata?.last_name].filter(Boolean).join(' ') || p.player_id,
        position: mflPosition(p.metadata?.position),
      },
    })),
  );
  if (kept.length === 0) return undefined;
  return {
    service: 'sleeper',
    draftKey: draft.draft_id,
    leagueId,
    season: Number(draft.season) || startedAt.getUTCFullYear(),
    facts,
    startedAt,
    picks: kept,
  };
}
