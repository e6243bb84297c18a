import { z } from 'zod';
import { toCsv } from './csv.ts';
import { text } from './text.ts';
import type { TradeFormat } from './trades.ts';

/*
 * Market values estimated from real trades (decision 036): the formats values are given for, the
 * answer of GET /api/values, and the display rules the pages share.
 */

export const VALUE_TEAMS = [10, 12, 14] as const;
export const VALUE_QB = ['1QB', 'SF'] as const;
export const VALUE_PPR = [0, 0.5, 1] as const;
export const VALUE_TE_PREMIUM = [0, 0.5, 1] as const;

export interface ValueFormat {
  teams: (typeof VALUE_TEAMS)[number];
  qb: (typeof VALUE_QB)[number];
  ppr: (typeof VALUE_PPR)[number];
  tePremium: (typeof VALUE_TE_PREMIUM)[number];
  idp: boolean;
}

/**
 * A side's worth is (Σ vᵏ)^(1/k): two assets are worth less than their sum, a star more than two
 * halves (decision 036 says why k is 1.4).
 */
export const SIDE_EXPONENT = 1.4;

export function sideWorth(values: readonly number[], k: number = SIDE_EXPONENT): number {
  let u = 0;
  for (const v of values) u += Math.max(v, 0) ** k;
  return u ** (1 / k);
}

/** The value an asset added to the smaller side would need to make the two sides worth the same. */
export function valueToEven(
  smaller: readonly number[],
  larger: readonly number[],
  k: number = SIDE_EXPONENT,
): number {
  const need = sideWorth(larger, k) ** k - sideWorth(smaller, k) ** k;
  return need > 0 ? need ** (1 / k) : 0;
}

/** The format most dynasty leagues play, and the pages' default. */
export const DEFAULT_VALUE_FORMAT: ValueFormat = { teams: 12, qb: 'SF', ppr: 1, tePremium: 0, idp: false };

/** A format as one URL-safe key: "12-sf-ppr1-te0", "-idp" appended when IDP players start. */
export function formatKey(f: ValueFormat): string {
  return `${f.teams}-${f.qb.toLowerCase()}-ppr${f.ppr}-te${f.tePremium}${f.idp ? '-idp' : ''}`;
}

const KEY = /^(10|12|14)-(1qb|sf)-ppr(0|0\.5|1)-te(0|0\.5|1)(-idp)?$/;

/** The format of a key, or undefined when the key names none. */
export function parseFormatKey(key: string): ValueFormat | undefined {
  const m = KEY.exec(key.trim().toLowerCase());
  if (!m) return undefined;
  return {
    teams: Number(m[1]) as ValueFormat['teams'],
    qb: m[2] === 'sf' ? 'SF' : '1QB',
    ppr: Number(m[3]) as ValueFormat['ppr'],
    tePremium: Number(m[4]) as ValueFormat['tePremium'],
    idp: Boolean(m[5]),
  };
}

/** Every format values are computed for. */
export function allValueFormats(): ValueFormat[] {
  const out: ValueFormat[] = [];
  for (const teams of VALUE_TEAMS)
    for (const qb of VALUE_QB)
      for (const ppr of VALUE_PPR)
        for (const tePremium of VALUE_TE_PREMIUM)
          for (const idp of [false, true]) out.push({ teams, qb, ppr, tePremium, idp });
  return out;
}

/** "12 teams · Superflex · PPR 1 · TE premium 0.5 · IDP". */
export function formatLabel(f: ValueFormat): string {
  return [
    `${f.teams} teams`,
    f.qb === 'SF' ? 'Superflex' : '1QB',
    f.ppr === 0 ? 'Standard' : `PPR ${f.ppr}`,
    f.tePremium > 0 ? `TE premium ${f.tePremium}` : undefined,
    f.idp ? 'IDP' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A traded league's facts: "12 teams · Superflex · PPR 1". */
export function leagueFormatLabel(f: TradeFormat): string {
  return [
    `${f.size} teams`,
    f.qbFormat === 'SF' ? 'Superflex' : f.qbFormat,
    f.ppr === 0 ? 'Standard' : `PPR ${f.ppr}`,
    f.tePremium > 0 ? `TE premium ${f.tePremium}` : undefined,
    f.idp ? 'IDP' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const formatKeySchema = text()
  .trim()
  .refine((k) => parseFormatKey(k) !== undefined, {
    message: 'format is teams-qb-pprN-teN[-idp], e.g. 12-sf-ppr1-te0 (teams 10, 12 or 14; qb 1qb or sf).',
  })
  // One spelling per format (the cache key and the stored sets use it).
  .transform((k) => formatKey(parseFormatKey(k) as ValueFormat));

/** GET /api/values. */
export const valuesRequestSchema = z.object({
  format: /* @__PURE__ */ formatKeySchema.optional().default(/* @__PURE__ */ formatKey(DEFAULT_VALUE_FORMAT)),
});

/** The format of the value choices nearest a league's facts (2QB counts as superflex). */
export function nearestValueFormat(f: TradeFormat): ValueFormat {
  const nearest = <T extends number>(list: readonly T[], x: number): T =>
    list.reduce((best, v) => (Math.abs(v - x) < Math.abs(best - x) ? v : best), list[0]);
  return {
    teams: nearest(VALUE_TEAMS, f.size),
    qb: f.qbFormat === '1QB' ? '1QB' : 'SF',
    ppr: nearest(VALUE_PPR, f.ppr),
    tePremium: nearest(VALUE_TE_PREMIUM, f.tePremium),
    idp: f.idp,
  };
}

/** GET /api/values/league-format: a connected league's format, for the trade calculator. */
export const leagueFormatRequestSchema = z
  .object({
    type: z.enum(['sleeper', 'mfl', 'espn', 'flea']),
    league_id: text()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a league id.'),
    /** MFL: the league's address (its host and year). */
    url: text().trim().max(500).optional(),
    /** MFL and ESPN: the saved league account it came from. */
    account: z
      .string()
      .regex(/^\d{1,10}$/, 'Not a league account id.')
      .optional(),
  })
  // Fleaflicker's league ids are numbers.
  .refine((q) => q.type !== 'flea' || /^\d{1,10}$/.test(q.league_id), {
    path: ['league_id'],
    message: 'Not a Fleaflicker league id.',
  });
export const leagueFormatAnswerSchema = z.object({
  /** The value format nearest the league's (`formatKey`), and its label. */
  format: z.string(),
  label: z.string(),
  /** The league's own facts ("10 teams · 2QB · PPR 1"): where they differ from `label`, the page says so. */
  league: z.string(),
});
export type LeagueFormatAnswer = z.infer<typeof leagueFormatAnswerSchema>;

/** A pick asset's key: "pick:2026:1:early", the slot left out when unknown ("pick:2027:2"). */
export function pickKey(season: number, round: number, slot: string | null): string {
  return `pick:${season}:${round}${slot ? `:${slot}` : ''}`;
}

export const valueRowSchema = z.object({
  /** "player:<identity id>" or a pick key. */
  asset: z.string(),
  kind: z.enum(['player', 'pick']),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  rookie: z.boolean(),
  /** Players' ids by service, for "the trades behind this value" (`<service>:<id>`). */
  ids: z.array(z.string()),
  value: z.number(),
  /** One standard error of the value, in value points. */
  error: z.number(),
  /** The value 30 days ago (from the trades known then); null when it had none. */
  previous: z.number().nullable(),
  trades: z.number().int(),
  /** Too few recent trades: the value is not shown, only that it cannot be told. */
  thin: z.boolean(),
});
export type ValueRow = z.infer<typeof valueRowSchema>;

export const valuesAnswerSchema = z.object({
  format: z.string(),
  /** ISO time of the computation; null when values have not been computed yet. */
  computedAt: z.string().nullable(),
  source: z.object({
    trades: z.number().int(),
    /** Trades of exactly this format (the rest borrowed from neighbouring formats, weighed down). */
    exact: z.number().int(),
    services: z.array(z.string()),
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** Left out as lopsided. */
    outliers: z.number().int(),
    /** Median relative gap of predicted side worths on held-out trades; null when too few to hold out. */
    heldOutError: z.number().nullable(),
  }),
  rows: z.array(valueRowSchema),
  /**
   * The formats with the most trades of their own (at most three, this one left out, busiest first),
   * so a visitor whose format has few can see where the values rest on more.
   */
  busiest: z.array(z.object({ format: z.string(), exact: z.number().int() })),
});
export type ValuesAnswer = z.infer<typeof valuesAnswerSchema>;

/** A pick's name: "2026 1st (early)", "2027 2nd". */
export function pickName(season: number, round: number, slot: string | null | undefined): string {
  const ord = round === 1 ? '1st' : round === 2 ? '2nd' : round === 3 ? '3rd' : `${round}th`;
  return `${season} ${ord}${slot ? ` (${slot})` : ''}`;
}

/** The 30-day change, signed, or '' when there is nothing to compare. */
export function trendText(row: Pick<ValueRow, 'value' | 'previous' | 'thin'>): string {
  if (row.thin || row.previous === null) return '';
  const d = Math.round(row.value - row.previous);
  return d > 0 ? `+${d}` : String(d);
}

export function valuesCsv(rows: readonly ValueRow[]): string {
  return toCsv(
    ['Rank', 'Name', 'Position', 'Team', 'Value', 'Error', '30-day change', 'Trades', 'Too few trades'],
    rows.map((r, i) => [
      i + 1,
      r.name,
      r.position,
      r.team,
      r.thin ? '' : Math.round(r.value),
      r.thin ? '' : Math.round(r.error),
      // A number, so a spreadsheet reads it as one (a text "+100" would be kept from running as a formula).
      r.thin || r.previous === null ? '' : Math.round(r.value - r.previous),
      r.trades,
      r.thin ? 'yes' : '',
    ]),
  );
}
