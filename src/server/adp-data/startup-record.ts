import type { AdpService } from '#common/rookie-adp.ts';
import { budgetShare, type StartupKind } from '#common/startup-adp.ts';
import type { LeagueFacts } from './facts.ts';

/*
 * Startup drafts (decision 021): which drafts are startups, and what each keeps. The rules are pure,
 * so each service's reader applies the same ones.
 */

/** A startup draft as the store keeps it: its kind, its league's facts and one value per player. */
export interface StartupDraftRecord {
  service: AdpService;
  /** Unique per service: MFL `<league>:<season>:<unit>:<kind>`, Sleeper's draft id. */
  draftKey: string;
  leagueId: string;
  season: number;
  kind: StartupKind;
  facts: LeagueFacts;
  /** An auction's budget per team; undefined for a snake draft. */
  budget?: number;
  startedAt: Date;
  picks: StartupPick[];
}

export interface StartupPick {
  /** Snake: the overall pick. Auction: the price's share of the budget, 0 to 1. */
  value: number;
  player: { key: string; name: string; position: string };
}

/**
 * Whether a draft is a startup by what it holds: the service does not mark it rookie-only and veterans
 * are more than half its picks. It is the exact complement of the rookie-draft rule (`rookiePicks`:
 * rookies at least half), so no draft is ever counted as both.
 */
export function isVeteranDraft<T>(
  picks: readonly T[],
  isRookie: (p: T) => boolean,
  rookieOnly: boolean,
): boolean {
  if (rookieOnly || picks.length === 0) return false;
  return picks.filter(isRookie).length * 2 < picks.length;
}

/** Sleeper's draft `type`: "auction" is an auction; "snake" and "linear" give pick order; anything else neither. */
export function sleeperDraftKind(type: string | null | undefined): StartupKind | undefined {
  if (type === 'auction') return 'auction';
  if (type === 'snake' || type === 'linear') return 'snake';
  return undefined;
}

/**
 * A Sleeper league's first season: it continues no earlier league (`previous_league_id` empty or
 * "0"). Sleeper makes a new league id each season, so a dynasty league's startup is in this one.
 */
export const isSleeperFirstSeason = (previousLeagueId: string | null | undefined) =>
  !previousLeagueId || previousLeagueId === '0';

/** An MFL league's first season: its history names no season before the one read. */
export const isMflFirstSeason = (history: readonly { year: string }[], season: number) =>
  history.every((h) => !(Number(h.year) < season));

/** MFL's `loadRosters` ("email_auction", "live_auction", "email_draft", …): the rosters were auctioned. */
export const mflLoadsByAuction = (loadRosters: string | undefined) => /auction/i.test(loadRosters ?? '');

/**
 * An auction's shares: each player's price over the budget. A player bought twice (a data error)
 * keeps his first price; a price that is not a share of the budget (missing, negative, over it) is
 * left out.
 */
export function auctionShares<T>(
  sales: readonly T[],
  budget: number,
  read: (sale: T) => { price: number; player: StartupPick['player'] | undefined },
): StartupPick[] {
  const seen = new Set<string>();
  const kept: StartupPick[] = [];
  for (const sale of sales) {
    const { price, player } = read(sale);
    const share = budgetShare(price, budget);
    if (!player || share === undefined || seen.has(player.key)) continue;
    seen.add(player.key);
    kept.push({ value: share, player });
  }
  return kept;
}
