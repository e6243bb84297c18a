import type { AdpService } from '#common/rookie-adp.ts';
import type { LeagueFacts } from './facts.ts';
import type { StartupDraftRecord } from './startup-record.ts';

/** A rookie draft as the store keeps it: its league's facts and its rookie picks only. */
export interface DraftRecord {
  service: AdpService;
  /** Unique per service: MFL `<league>:<season>:<unit>`, Sleeper's draft id. */
  draftKey: string;
  leagueId: string;
  season: number;
  facts: LeagueFacts;
  /** When the first pick was made; the date filter looks at this. */
  startedAt: Date;
  picks: RookiePick[];
}

export interface RookiePick {
  /** Overall pick number in the draft (round 2 pick 1 of a 12-team draft is 13). */
  overall: number;
  pickedAt: Date;
  player: { key: string; name: string; position: string };
}

/** What reading a league found: its rookie drafts, its startup draft, and the league URL to use next time (MFL). */
export interface LeagueDrafts {
  drafts: DraftRecord[];
  /** Startup drafts (decision 021), kept apart from the rookie drafts. */
  startups?: StartupDraftRecord[];
  url?: string;
}

/**
 * Which picks count. A draft counts when the service marks it rookie-only or when at least half its
 * picks are rookies (a startup draft, mostly veterans, would put rookies at meaningless slots); in a
 * counted draft only the rookies' picks are kept.
 */
export function rookiePicks<T>(picks: readonly T[], isRookie: (p: T) => boolean, rookieOnly: boolean): T[] {
  if (rookieOnly) return [...picks];
  const rookies = picks.filter(isRookie);
  return rookies.length * 2 >= picks.length ? rookies : [];
}

/** A player drafted twice in one draft (a data error) keeps his first pick. */
export function firstPickOfEach(picks: readonly RookiePick[]): RookiePick[] {
  const seen = new Set<string>();
  const byOverall = new Set<number>();
  return [...picks]
    .sort((a, b) => a.overall - b.overall)
    .filter((p) => {
      if (seen.has(p.player.key) || byOverall.has(p.overall)) return false;
      seen.add(p.player.key);
      byOverall.add(p.overall);
      return true;
    });
}
