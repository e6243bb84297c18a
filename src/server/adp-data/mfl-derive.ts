import { addDays, dayStart, formatMdy, MIN_TREND_DRAFTS, TREND_DAYS, trendOf } from '#common/rookie-adp.ts';

/*
 * Trends and month-by-month ADP derived from copies of MFL's own ADP kept over time (decision 025),
 * pure. MFL's aggregate counts a season so far as a whole; the site keeps a copy of it a day. For two
 * copies of one season taken at t0 < t1, the drafts in between are N1 − N0, a player's picks in
 * between s1 − s0, and his ADP in between (a1·s1 − a0·s0) / (s1 − s0), summed over the league sizes
 * asked before dividing, as the page's answer combines sizes.
 *
 * MFL rounds averagePick to two decimals. A pick sum a·s is a whole number (the sum of whole overall
 * picks), so it is the whole number within s·0.005 of a·s: exact while s < 100, else one of at most
 * ⌈s/100⌉ candidates. Each derived ADP carries the bound of its error, and a trend or a month whose
 * bound exceeds ERROR_LIMIT is left out.
 */

/** A copy's line for one player: MFL's averagePick (two decimals) and draftsSelectedIn. */
export interface CopyPlayer {
  averagePick: number;
  draftsSelectedIn: number;
}

/** One league size's copy: MFL's totalDrafts and the players it listed (those at 5 % or more). */
export interface SizeCopy {
  fcount: number;
  totalDrafts: number;
  players: ReadonlyMap<string, CopyPlayer>;
}

/** The copies of one UTC day (YYYY-MM-DD) for every size asked. */
export interface DayCopy {
  day: string;
  sizes: readonly SizeCopy[];
}

/** A copy may stand for a boundary day at most this many days away. */
export const COPY_TOLERANCE_DAYS = 3;

/**
 * The largest error a derived ADP or trend may carry to be shown: the page shows them to one
 * decimal, so a shown figure is then within 0.1 of the exact one (0.05 of error, 0.05 of rounding).
 */
export const ERROR_LIMIT = 0.05;

/** The day before a season starts (MFL's seasons turn over on 1 March UTC): its counts are all zero. */
export const seasonZeroDay = (season: number) => addDays(`${season}-03-01`, -1);

/**
 * The copy every season has without asking: at its start MFL has counted no draft, so every size's
 * totalDrafts and every player's picks are exactly 0.
 */
export const zeroCopy = (season: number, sizes: readonly number[]): DayCopy => ({
  day: seasonZeroDay(season),
  sizes: sizes.map((fcount) => ({ fcount, totalDrafts: 0, players: new Map() })),
});

/**
 * The whole pick sums a rounded average allows: those within s·0.005 of a·s (either rounding of a
 * half, hence both ends included). Their midpoint and half-width.
 */
export function pickSum(p: CopyPlayer): { sum: number; half: number } {
  const s = p.draftsSelectedIn;
  const eps = 1e-9;
  const lo = Math.ceil(s * (p.averagePick - 0.005) - eps);
  const hi = Math.max(lo, Math.floor(s * (p.averagePick + 0.005) + eps));
  return { sum: (lo + hi) / 2, half: (hi - lo) / 2 };
}

/**
 * A player's counts in a day's copies, over the sizes: picks, pick sum and its half-width. Undefined
 * when a size with drafts does not list him (under MFL's 5 % cutoff there): his picks there are
 * unknown, so nothing derived from this copy would be exact enough.
 */
export function countsAt(
  copy: DayCopy,
  id: string,
): { picks: number; sum: number; half: number } | undefined {
  let picks = 0;
  let sum = 0;
  let half = 0;
  for (const size of copy.sizes) {
    const p = size.players.get(id);
    if (!p) {
      if (size.totalDrafts > 0) return undefined;
      continue;
    }
    const s = pickSum(p);
    picks += p.draftsSelectedIn;
    sum += s.sum;
    half += s.half;
  }
  return { picks, sum, half };
}

/** Drafts MFL counted, over the sizes. */
export const draftsAt = (copy: DayCopy) => copy.sizes.reduce((n, s) => n + s.totalDrafts, 0);

/** A player's ADP between two copies: picks between, the ADP and its error bound. */
export interface Between {
  adp: number;
  drafts: number;
  error: number;
}

/**
 * His ADP over the drafts MFL counted between copies `from` and `to` (same season, `from` earlier):
 * undefined when either copy leaves him out under the cutoff, or no draft in between took him.
 */
export function between(from: DayCopy, to: DayCopy, id: string): Between | undefined {
  const a = countsAt(from, id);
  const b = countsAt(to, id);
  if (!a || !b) return undefined;
  const drafts = b.picks - a.picks;
  if (drafts <= 0) return undefined;
  return { adp: (b.sum - a.sum) / drafts, drafts, error: (a.half + b.half) / drafts };
}

/**
 * The copy nearest a boundary day among `days` (sorted), at most COPY_TOLERANCE_DAYS away; a tie
 * goes to the earlier. Undefined when none is that close.
 */
export function nearestDay(days: readonly string[], target: string): string | undefined {
  const t = dayStart(target)!;
  let best: string | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const d of days) {
    const gap = Math.abs(dayStart(d)! - t) / 86_400_000;
    if (gap <= COPY_TOLERANCE_DAYS && gap < bestGap) {
      best = d;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * The three copy days a trend for a window ending on `endDate` compares: the copies nearest the
 * window's end, 30 days before it and 60 days before it, in increasing order; undefined when one is
 * missing. `days` are the days with a copy of every size asked (the season's zero day among them).
 */
export function trendDays(days: readonly string[], endDate: string): [string, string, string] | undefined {
  const picked = [2 * TREND_DAYS, TREND_DAYS, 0].map((back) => nearestDay(days, addDays(endDate, -back)));
  const [d0, d1, d2] = picked;
  if (!d0 || !d1 || !d2 || !(d0 < d1 && d1 < d2)) return undefined;
  return [d0, d1, d2];
}

/**
 * A player's trend from three days' copies: his ADP between the second and third minus his ADP
 * between the first and second (negative: rising), under the page's rule (MIN_TREND_DRAFTS picks
 * in each period), and only when its error bound is within ERROR_LIMIT.
 */
export function derivedTrend(
  copies: readonly [DayCopy, DayCopy, DayCopy],
  id: string,
): { trend: number; error: number } | undefined {
  const prior = between(copies[0], copies[1], id);
  const recent = between(copies[1], copies[2], id);
  const trend = trendOf(recent, prior, MIN_TREND_DRAFTS);
  if (trend === undefined || !recent || !prior) return undefined;
  // The middle copy's pick sum enters both periods (with 1/d of each): the bounds add.
  const error = recent.error + prior.error;
  return error <= ERROR_LIMIT ? { trend, error } : undefined;
}

/**
 * The first day a trend can be shown, from the copy days kept so far and one a day from `today` on
 * (the daily job): the earliest window end from today that finds all three copies. Undefined when
 * none does within the season's remaining days (the next season starts afresh).
 */
export function firstTrendDay(days: readonly string[], today: string, seasonEnd: string): string | undefined {
  const kept = [...days];
  for (let end = today, i = 0; end < seasonEnd && i < 3 * TREND_DAYS; end = addDays(end, 1), i++) {
    if (!kept.includes(end)) kept.push(end);
    kept.sort();
    if (trendDays(kept, end)) return end;
  }
  return undefined;
}

/** The legend of a derived trend: the copies compared, by day. */
export function derivedTrendNote(days: readonly [string, string, string]): string {
  const [d0, d1, d2] = days.map(formatMdy);
  return `Trend: ADP of the drafts MFL counted between its counts the site kept on ${d1} and ${d2} minus ADP of those it counted between ${d0} and ${d1}, from the difference of MFL's own season-long counts (▲ negative: taken earlier, rising). Shown for players taken in at least ${MIN_TREND_DRAFTS} drafts of each period and listed in every copy (MFL leaves out players under 5% of a size's drafts), and only where MFL's two-decimal rounding could move the trend by no more than ${ERROR_LIMIT} of a pick.`;
}

/** Why an MFL answer has no trend yet, and when it will: the legend's words. */
export function noTrendYetNote(firstCopy: string | undefined, available: string | undefined): string {
  const start = `No MFL trend yet: MFL's own ADP counts the season so far as a whole, so the site keeps a copy of MFL's counts each day and derives trends from copies 30 and 60 days apart. MFL trends start once the site has kept 60 days of MFL's counts this season`;
  if (!firstCopy) return `${start}; no copy has been kept yet.`;
  const when = available ? `, so the first comes on ${formatMdy(available)}` : '';
  return `${start}; the first copy is from ${formatMdy(firstCopy)}${when}.`;
}

/** The last day of a month ("2026-05" → "2026-05-31"). */
export const monthEnd = (month: string) => addDays(`${nextMonthOf(month)}-01`, -1);
/** "2026-12" → "2027-01". */
export function nextMonthOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/**
 * The copy days of each month of a season up to the month `endDate` is in: the copy nearest the
 * previous month's last day (the season's zero day for March) and the one nearest the month's last
 * day (nearest `endDate` for its own month). Months without both, or before the season, are left
 * out. `fromMonth` is the first month asked (YYYY-MM).
 */
export function monthDays(
  days: readonly string[],
  season: number,
  fromMonth: string,
  endDate: string,
): { month: string; from: string; to: string }[] {
  const out: { month: string; from: string; to: string }[] = [];
  const first = `${season}-03`;
  const last = endDate.slice(0, 7);
  for (let month = fromMonth < first ? first : fromMonth; month <= last; month = nextMonthOf(month)) {
    const startBoundary = addDays(`${month}-01`, -1);
    const endBoundary = month === last ? endDate : monthEnd(month);
    const from = nearestDay(days, startBoundary);
    const to = nearestDay(days, endBoundary);
    if (from && to && from < to) out.push({ month, from, to });
  }
  return out;
}
