import { mflPosition } from '#server/leagues/player-names.ts';
import type { SleeperClient } from '#server/leagues/sleeper/client.ts';
import type { SleeperDraft, SleeperDraftPick, SleeperLeague } from '#server/leagues/sleeper/schemas.ts';
import { type DraftRecord, firstPickOfEach, type LeagueDrafts, rookiePicks } from './draft-record.ts';
import { type LeagueFacts, sleeperFacts } from './facts.ts';
import {
  auctionShares,
  isSleeperFirstSeason,
  isVeteranDraft,
  type StartupDraftRecord,
  sleeperDraftKind,
} from './startup-record.ts';

/** Sleeper's draft setting player_type: 1 = rookies only. */
const ROOKIES_ONLY = 1;

/** Reads one Sleeper league's rookie drafts (drafts not started yet are left for a later read). */
export async function readSleeperLeague(sleeper: SleeperClient, leagueId: string): Promise<LeagueDrafts> {
  const league = await sleeper.league(leagueId);
  const facts = sleeperFacts(league);
  if (!facts) return { drafts: [] };
  const drafts: DraftRecord[] = [];
  const startups: StartupDraftRecord[] = [];
  // Oldest first: a league's startup is its first veteran draft.
  const all = (await sleeper.drafts(leagueId)).sort((a, b) => (a.start_time ?? 0) - (b.start_time ?? 0));
  for (const draft of all) {
    if (draft.status === 'pre_draft' || !draft.start_time) continue;
    const picks = await sleeper.draftPicks(draft.draft_id);
    const startup = startups.length === 0 ? sleeperStartup(league, facts, draft, picks) : undefined;
    if (startup) startups.push(startup);
    // An auction's pick numbers are the order players were bought in, never a rookie ADP.
    const record =
      startup || draft.type === 'auction' ? undefined : sleeperDraft(leagueId, facts, draft, picks);
    if (record) drafts.push(record);
  }
  return { drafts, startups };
}

const playerOf = (p: SleeperDraftPick) => ({
  key: p.player_id,
  name: [p.metadata?.first_name, p.metadata?.last_name].filter(Boolean).join(' ') || p.player_id,
  position: mflPosition(p.metadata?.position),
});

/**
 * A Sleeper startup draft (decision 021): in a dynasty league (settings.type 2) in its first season
 * (no previous league), a complete or running draft not marked rookie-only whose picks are mostly
 * veterans (years_exp not "0"). Snake and linear drafts keep each player's overall pick; an auction
 * keeps each price (metadata.amount) over the draft's budget (settings.budget).
 */
export function sleeperStartup(
  league: SleeperLeague,
  facts: LeagueFacts,
  draft: SleeperDraft,
  picks: readonly SleeperDraftPick[],
): StartupDraftRecord | undefined {
  const kind = sleeperDraftKind(draft.type);
  if (!draft.start_time || !kind) return undefined;
  if (league.settings?.type !== 2 || !isSleeperFirstSeason(league.previous_league_id)) return undefined;
  const made = picks.filter((p) => p.player_id && p.pick_no >= 1);
  const rookieOnly = draft.settings?.player_type === ROOKIES_ONLY;
  if (!isVeteranDraft(made, (p) => p.metadata?.years_exp === '0', rookieOnly)) return undefined;
  const startedAt = new Date(draft.start_time);
  const budget = draft.settings?.budget ?? 0;
  const kept =
    kind === 'auction'
      ? auctionShares(made, budget, (p) => ({
          price: Number(p.metadata?.amount ?? Number.NaN),
          player: playerOf(p),
        }))
      : firstPickOfEach(
          made.map((p) => ({ overall: p.pick_no, pickedAt: startedAt, player: playerOf(p) })),
        ).map((p) => ({ value: p.overall, player: p.player }));
  if (kept.length === 0) return undefined;
  return {
    service: 'sleeper',
    draftKey: draft.draft_id,
    leagueId: league.league_id,
    season: Number(draft.season) || startedAt.getUTCFullYear(),
    kind,
    facts,
    ...(kind === 'auction' ? { budget } : {}),
    startedAt,
    picks: kept,
  };
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
  // An auction's pick numbers are the order players were bought in: never a rookie ADP.
  if (!draft.start_time || draft.type === 'auction') return undefined;
  const startedAt = new Date(draft.start_time);
  const rookieOnly = draft.settings?.player_type === ROOKIES_ONLY;
  const isRookie = (p: SleeperDraftPick) => p.metadata?.years_exp === '0';
  const kept = firstPickOfEach(
    rookiePicks(
      picks.filter((p) => p.player_id && p.pick_no >= 1),
      isRookie,
      rookieOnly,
    ).map((p) => ({ overall: p.pick_no, pickedAt: startedAt, player: playerOf(p) })),
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
