import { z } from 'zod';
import { toCsv } from './csv.ts';
import { text } from './text.ts';

/*
 * Rookie ADP: the filter the page sends, the answer, and the rules both sides apply (sizes, types,
 * the draft window, the caption). The three submit checks live here so the page and the API give
 * the same words.
 */

/** League sizes and QB formats the tool filters on: those most dynasty leagues are played in. */
export const ADP_LEAGUE_SIZES = [10, 12, 14] as const;
export const ADP_LEAGUE_TYPES = ['1QB', 'SF', '2QB'] as const;
export type AdpLeagueSize = (typeof ADP_LEAGUE_SIZES)[number];
export type AdpLeagueType = (typeof ADP_LEAGUE_TYPES)[number];

/** Services the page shows ADP of (its service choice). */
export const ADP_SERVICES = ['mfl', 'sleeper'] as const;
export type AdpService = (typeof ADP_SERVICES)[number];
export const ADP_SERVICE_NAMES: Record<AdpService, string> = { mfl: 'MFL', sleeper: 'Sleeper' };

/**
 * Players taken in fewer than this share of the drafts (percent) are hidden unless the page asks for
 * all: MFL's own aggregate leaves out players under its CUTOFF the same way, and MFL calls results
 * below 5 % unpredictable.
 */
export const DEFAULT_MIN_SHARE = 5;

/** PPR and IDP selects: Any (0), Yes (1), No (-1). */
export const TRI_STATE_OPTIONS = [
  { value: 0, label: 'Any' },
  { value: 1, label: 'Yes' },
  { value: -1, label: 'No' },
] as const;
export type TriState = -1 | 0 | 1;

/** Default draft window: the last 30 days, recent enough to follow the market. */
export const DEFAULT_RANGE_DAYS = 30;

export const ADP_MESSAGES = {
  size: 'Must select at least one league size.',
  type: 'Must select at least one league type.',
  dates: 'Invalid date range.',
} as const;

// Form values arrive as numbers or as the strings a <select> holds.
const number = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const triStateSchema = z.preprocess(number, z.union([z.literal(-1), z.literal(0), z.literal(1)])).default(0);
const sizeSchema = z.preprocess(
  number,
  z.union([z.literal(10), z.literal(12), z.literal(14)], { error: 'League sizes are 10, 12 and 14.' }),
);
const typeSchema = z.enum(ADP_LEAGUE_TYPES);
/** Dates are checked by adpFilterProblems (an empty or wrong date is "Invalid date range.", not a schema error). */
const dateSchema = text().max(40).nullish();

/** POST /api/mfl/adp. Sizes and types keep their canonical order and lose duplicates. */
export const adpRequestSchema = z.object({
  idp: triStateSchema,
  ppr: triStateSchema,
  sizes: z
    .array(sizeSchema)
    .max(10)
    .default([])
    .transform((v) => ADP_LEAGUE_SIZES.filter((s) => v.includes(s))),
  types: z
    .array(typeSchema)
    .max(10)
    .default([])
    .transform((v) => ADP_LEAGUE_TYPES.filter((t) => v.includes(t))),
  startDate: dateSchema,
  endDate: dateSchema,
  service: z.enum(ADP_SERVICES).default('mfl'),
  /** Minimum draft share in percent; players under it are counted in `hidden`, not listed. 0 shows all. */
  minShare: z.preprocess(number, z.number().min(0).max(100)).default(DEFAULT_MIN_SHARE),
});
export type AdpRequestInput = z.input<typeof adpRequestSchema>;
export type AdpRequest = z.output<typeof adpRequestSchema>;

export const adpPlayerSchema = z.object({
  /** The service's player id. */
  id: z.string(),
  position: z.string(),
  name: z.string(),
  /** Average overall pick in the drafts that took him. */
  adp: z.number(),
  minPick: z.number().int(),
  maxPick: z.number().int(),
  /** Drafts that took him. */
  drafts: z.number().int(),
  /** drafts / totalLeagues, 0 to 1. */
  draftShare: z.number(),
  /**
   * ADP in the 30 days ending at the window's end minus ADP in the 30 days before (negative: taken
   * earlier, rising). Absent when he went in fewer than MIN_TREND_DRAFTS drafts of either period, or
   * when the source cannot be split by date (see the answer's `trend`).
   */
  trend: z.number().optional(),
});
export type AdpPlayer = z.infer<typeof adpPlayerSchema>;

/**
 * Where an answer's numbers come from: MFL's own aggregate ADP (`TYPE=adp`), or the drafts the site
 * stores (Sleeper's public drafts; MFL drafts of connected and admin-listed leagues). The two are
 * never added into one number.
 */
export const ADP_SOURCE_KINDS = ['mfl-aggregate', 'store'] as const;
export type AdpSourceKind = (typeof ADP_SOURCE_KINDS)[number];

export const adpSourceSchema = z.object({
  kind: z.enum(ADP_SOURCE_KINDS),
  /** One sentence naming the source, shown under the caption. */
  note: z.string(),
  /** Set when the site's store answers an MFL filter because MFL's aggregate cannot: the banner's words. */
  switchReason: z.string().optional(),
  /** Set when MFL did not answer in time and an earlier answer is shown: when that answer was made (epoch ms). */
  staleSince: z.number().optional(),
  /**
   * Set when the numbers cover other dates than the ones chosen (MFL's own ADP is its season so far,
   * whatever the dates): the banner's words, naming both.
   */
  coverage: z.string().optional(),
});
export type AdpSource = z.infer<typeof adpSourceSchema>;

const isoWindowSchema = z.object({ startDate: z.string(), endDate: z.string() });

/** The trend's periods (YYYY-MM-DD, both days included) and its source, or why there is none. */
export const adpTrendSchema = z.object({
  recent: z.optional(isoWindowSchema),
  prior: z.optional(isoWindowSchema),
  /** The legend's words: where the trend comes from, or why the answer has none. */
  note: z.string(),
});
export type AdpTrend = z.infer<typeof adpTrendSchema>;

/**
 * Set when an answer holds no drafts: why, in words (what MFL's own ADP cannot answer, and what the
 * site's store holds), and how many drafts Sleeper's store holds for the same filters and dates when
 * the answer is MFL's and there are some (the page offers Sleeper's answer in one click).
 */
/** An earlier rookie-draft season's window, offered when the asked window holds no drafts. */
export const adpLatestSchema = z.object({ startDate: z.string(), endDate: z.string(), label: z.string() });

export const adpEmptySchema = z.object({
  reason: z.string(),
  sleeperDrafts: z.number().int().positive().optional(),
});
export type AdpEmpty = z.infer<typeof adpEmptySchema>;

export const adpAnswerSchema = z.object({
  /** Players at or above the minimum share, by ADP. */
  players: z.array(adpPlayerSchema),
  /** Players under the minimum share, left out of `players`. */
  hidden: z.number().int().default(0),
  /** Drafts the numbers rest on (MFL's aggregate: the sum of its `totalDrafts` over the sizes asked). */
  totalLeagues: z.number().int(),
  /**
   * The window the numbers cover, epoch ms: startTime inclusive, endTime exclusive (UTC days). For MFL's
   * aggregate these are the dates MFL applied (its season's start up to its answer), not the page's.
   */
  startTime: z.number(),
  endTime: z.number(),
  source: adpSourceSchema,
  /**
   * Set when the window holds no drafts but an earlier rookie-draft season does: that season's window,
   * offered to the visitor in one click.
   */
  latest: z.optional(adpLatestSchema),
  empty: z.optional(adpEmptySchema),
  /** The players' trends: the two periods compared and where the numbers come from. */
  trend: z.optional(adpTrendSchema),
});
export type AdpAnswer = z.infer<typeof adpAnswerSchema>;

/** The drafts' numbers before the page's minimum share is applied: what each source computes. */
export type AdpTally = Pick<AdpAnswer, 'players' | 'totalLeagues' | 'startTime' | 'endTime' | 'trend'>;

/** The trend compares two periods of this many days: the last of the window and the one before. */
export const TREND_DAYS = 30;
/** A trend needs at least this many drafts taking the player in each period. */
export const MIN_TREND_DRAFTS = 3;

/** YYYY-MM-DD plus n days (UTC calendar days). */
export function addDays(iso: string, n: number): string {
  return new Date(dayStart(iso)! + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The two periods a trend compares for a window ending on `endDate`: the 30 days ending that day
 * (both ends included) and the 30 days before them.
 */
export function trendPeriods(endDate: string) {
  return {
    recent: { startDate: addDays(endDate, 1 - TREND_DAYS), endDate },
    prior: { startDate: addDays(endDate, 1 - 2 * TREND_DAYS), endDate: addDays(endDate, -TREND_DAYS) },
  };
}

/**
 * The trend rule: recent ADP minus prior ADP (negative: rising), when the player went in at least
 * `minDrafts` drafts of each period; else undefined (too few picks to tell a move from noise).
 */
export function trendOf(
  recent: { adp: number; drafts: number } | undefined,
  prior: { adp: number; drafts: number } | undefined,
  minDrafts = MIN_TREND_DRAFTS,
): number | undefined {
  if (!recent || !prior || recent.drafts < minDrafts || prior.drafts < minDrafts) return undefined;
  return recent.adp - prior.adp;
}

/**
 * A trend as the page shows it: one decimal with its sign (a minus sign for rising), an arrow, and
 * words for screen readers. A change that rounds to 0.0 is steady.
 */
export function trendDisplay(change: number): {
  direction: 'rising' | 'falling' | 'steady';
  arrow: string;
  text: string;
  label: string;
} {
  const picks = Math.abs(change).toFixed(1);
  if (picks === '0.0')
    return {
      direction: 'steady',
      arrow: '→',
      text: '0.0',
      label: 'Steady: within 0.05 of a pick of the 30 days before',
    };
  const unit = picks === '1.0' ? 'pick' : 'picks';
  return change < 0
    ? {
        direction: 'rising',
        arrow: '▲',
        text: `−${picks}`,
        label: `Rising: ${picks} ${unit} earlier than the 30 days before`,
      }
    : {
        direction: 'falling',
        arrow: '▼',
        text: `+${picks}`,
        label: `Falling: ${picks} ${unit} later than the 30 days before`,
      };
}

/** POST /api/mfl/adp/months: one player's ADP month by month under the page's filter. */
export const adpMonthsRequestSchema = /* @__PURE__ */ adpRequestSchema.omit({ minShare: true }).extend({
  player: text().min(1).max(40),
});
export type AdpMonthsRequestInput = z.input<typeof adpMonthsRequestSchema>;

export const adpMonthsAnswerSchema = z.object({
  /** Months with drafts taking him, oldest first: "YYYY-MM", ADP, drafts that took him. */
  months: z.array(z.object({ month: z.string(), adp: z.number(), drafts: z.number().int() })),
  /** The first and last month asked (YYYY-MM): the 12 months up to the window's end. */
  from: z.string(),
  to: z.string(),
  /** Where the numbers come from. */
  note: z.string(),
});
export type AdpMonthsAnswer = z.infer<typeof adpMonthsAnswerSchema>;

/** Splits players at the minimum share (percent): those under it are only counted. */
export function applyMinShare(
  players: readonly AdpPlayer[],
  minShare: number,
): { players: AdpPlayer[]; hidden: number } {
  const shown = players.filter((p) => p.draftShare * 100 >= minShare);
  return { players: shown, hidden: players.length - shown.length };
}

/** A 400 from the checks: `error` is the first problem, `errors` all of them in the spec's order. */
export const adpProblemSchema = z.object({ error: z.string(), errors: z.array(z.string()).optional() });

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of a YYYY-MM-DD day's start (UTC), or undefined when it is not a real date. */
export function dayStart(iso: string | null | undefined): number | undefined {
  const m = isoDatePattern.exec(iso ?? '');
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return undefined;
  return ms;
}

const DAY_MS = 86_400_000;

/** The window a filter covers: its start day's start up to the end of its end day (UTC). */
export function adpWindow(startDate: string, endDate: string): { startTime: number; endTime: number } {
  return { startTime: dayStart(startDate)!, endTime: dayStart(endDate)! + DAY_MS };
}

/** The submit checks, in the order the page shows them (sizes, types, dates); none: the filter may go. */
export function adpFilterProblems(f: {
  sizes: readonly unknown[];
  types: readonly unknown[];
  startDate?: string | null;
  endDate?: string | null;
}): string[] {
  const problems: string[] = [];
  if (f.sizes.length === 0) problems.push(ADP_MESSAGES.size);
  if (f.types.length === 0) problems.push(ADP_MESSAGES.type);
  const start = dayStart(f.startDate);
  const end = dayStart(f.endDate);
  if (start === undefined || end === undefined || end < start) problems.push(ADP_MESSAGES.dates);
  return problems;
}

/** "2025-03-07" → "03/07/2025": the caption's dates, as American readers write them. */
export function formatMdy(iso: string): string {
  const m = isoDatePattern.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

/** A calendar date (its local year, month and day) as YYYY-MM-DD. */
export function toIsoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** YYYY-MM-DD as a local Date at midnight (what a date picker shows). */
export function fromIsoDate(iso: string): Date | undefined {
  const ms = dayStart(iso);
  if (ms === undefined) return undefined;
  const d = new Date(ms);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** The default window: the 30 days up to today. */
export function defaultAdpRange(today: Date = new Date()): { startDate: string; endDate: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - DEFAULT_RANGE_DAYS);
  return { startDate: toIsoDate(start), endDate: toIsoDate(today) };
}

/** ADP as shown: two decimals. */
export const formatAdp = (adp: number) => adp.toFixed(2);

/**
 * ADP as round.pick in a draft of `size` teams: the nearest overall pick (a half goes to the later
 * pick; never before pick 1), its round, and its place in the round in two digits. ADP 7.0 in a
 * 12-team draft is 1.07; 12.49 is 1.12; 12.5 is pick 13, 2.01. Every round has `size` picks in
 * order (a snake draft's reversed rounds still number their picks from 1).
 */
export function pickNotation(adp: number, size: number): string {
  const overall = Math.max(1, Math.floor(adp + 0.5));
  const round = Math.ceil(overall / size);
  const pick = overall - (round - 1) * size;
  return `${round}.${String(pick).padStart(2, '0')}`;
}

/** The one league size a filter chose, when it chose exactly one: round.pick is shown in its terms. */
export const singleSize = (sizes: readonly number[]): number | undefined =>
  sizes.length === 1 ? sizes[0] : undefined;

/** The legend of the Pick column, naming the size and the rounding. */
export const pickLegend = (size: number) =>
  `Pick: ADP as round.pick in a ${size}-team draft, from the nearest overall pick (ADP ${(7).toFixed(1)} is ${pickNotation(7, size)}; a half goes to the later pick).`;

/**
 * Why round.pick is not shown with several league sizes: a round has as many picks as the league has
 * teams, so an average over leagues of different sizes is no pick of a round. ADP 4.13 is then the
 * 4th to 5th pick overall, never round 4, pick 13.
 */
export const pickHiddenLegend = (sizes: readonly number[]) =>
  `ADP is the average overall pick (${formatAdp(4.13)} lies between the 4th and 5th pick, not round 4, pick 13). Round.pick is shown when one league size is chosen: these drafts have ${sizes.join(', ').replace(/, (\d+)$/, ' or $1')} teams, so a round has no single length.`;

/** The caption under the results: how many drafts the numbers come from, of which service, over which days. */
export function adpCaption(
  totalLeagues: number,
  service: string,
  startDate: string,
  endDate: string,
): string {
  return `Data collected from ${totalLeagues} ${service} ${totalLeagues === 1 ? 'draft' : 'drafts'} between ${formatMdy(startDate)} and ${formatMdy(endDate)}.`;
}

/**
 * The players as CSV (rank, position, name, ADP, min, max, drafts, share), written by toCsv. With one
 * league size (`size`), a "Pick (N-team)" column of round.pick follows ADP; with trends (`trend`), a
 * last "Trend" column holds each player's (a number to one decimal; empty without one).
 */
export function adpCsv(players: readonly AdpPlayer[], size?: number, trend = false): string {
  return toCsv(
    [
      'Rank',
      'Pos.',
      'Name',
      'ADP',
      ...(size ? [`Pick (${size}-team)`] : []),
      'Min',
      'Max',
      'Drafts',
      'Share',
      ...(trend ? ['Trend'] : []),
    ],
    players.map((p, i) => [
      i + 1,
      p.position,
      p.name,
      formatAdp(p.adp),
      ...(size ? [pickNotation(p.adp, size)] : []),
      p.minPick,
      p.maxPick,
      p.drafts,
      `${(p.draftShare * 100).toFixed(1)}%`,
      // A number (one decimal), so a spreadsheet reads it as one: -1.3 rising, 0.5 falling.
      ...(trend ? [p.trend === undefined ? undefined : Math.round(p.trend * 10) / 10 || 0] : []),
    ]),
  );
}
