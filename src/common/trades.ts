import { z } from 'zod';
import { ADP_LEAGUE_TYPES } from './rookie-adp.ts';
import { text } from './text.ts';

/*
 * Completed trades of real leagues (decision 035): what the site keeps of each (the league's facts
 * and what each side received, never a team or owner name), and GET /api/values/trades, which lists
 * the trades a player changed hands in.
 */

export const TRADE_SERVICES = ['mfl', 'sleeper', 'flea'] as const;
export type TradeService = (typeof TRADE_SERVICES)[number];

/** Where in its round a pick falls, when the league's draft order or final standings tell it. */
export const PICK_SLOTS = ['early', 'mid', 'late'] as const;
export type PickSlot = (typeof PICK_SLOTS)[number];

export const tradePickSchema = z.object({
  season: z.number().int().min(2000).max(2100),
  round: z.number().int().min(1).max(40),
  slot: z.enum(PICK_SLOTS).nullable(),
});
export type TradePick = z.infer<typeof tradePickSchema>;

/** One side of a trade: what it received. Players by their own service's ids. */
export const tradeSideSchema = z.object({
  players: z.array(z.string().min(1).max(32)),
  picks: z.array(tradePickSchema),
  /** FAAB (free-agent budget) dollars received (MFL's blind-bid dollars may have cents). */
  faab: z.number().min(0),
});
export type TradeSide = z.infer<typeof tradeSideSchema>;

/** The league's facts a trade is valued in. */
export const tradeFormatSchema = z.object({
  size: z.number().int().min(1).max(64),
  qbFormat: z.enum(ADP_LEAGUE_TYPES),
  /** Points per reception. */
  ppr: z.number(),
  /** Extra points per reception by a tight end; 0 when none. */
  tePremium: z.number(),
  idp: z.boolean(),
});
export type TradeFormat = z.infer<typeof tradeFormatSchema>;

/** A completed trade as the site stores it (at least two sides, each receiving something). */
export const storedTradeSchema = z.object({
  service: z.enum(TRADE_SERVICES),
  /** The service's transaction id (for MFL, which has none, one built from the trade itself). */
  tradeId: z.string().min(1).max(128),
  leagueId: z.string().min(1).max(64),
  season: z.number().int().min(2000).max(2100),
  tradedAt: z.coerce.date(),
  format: tradeFormatSchema,
  sides: z
    .array(tradeSideSchema)
    .min(2)
    .refine((sides) => sides.every((s) => s.players.length + s.picks.length > 0 || s.faab > 0), {
      message: 'Every side receives something.',
    }),
});
export type StoredTrade = z.infer<typeof storedTradeSchema>;

/** A player across services: `<service>:<id>`. */
export const servicePlayerSchema = text()
  .trim()
  .regex(
    /^(mfl|sleeper|flea):[A-Za-z0-9_-]{1,32}$/,
    'A player is <service>:<id>, the service mfl, sleeper or flea.',
  );

/** A time must say its zone: without one, it would be read in the server's. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2}))?$/;
/** A day (YYYY-MM-DD, UTC) or an ISO time with its zone. */
const dateParam = text()
  .trim()
  .regex(ISO_DATE, 'Dates are YYYY-MM-DD or an ISO time with its zone (2025-05-01T12:00:00Z).')
  .refine(isRealDate, 'Not a real date.');

/** Parses, and its day is a day of the calendar (JavaScript would read 30 February as 2 March). */
function isRealDate(s: string): boolean {
  if (Number.isNaN(Date.parse(s))) return false;
  const [y, m, d] = s.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * GET /api/values/trades: a player's trades in a date range. A day as `to` includes that whole day
 * (UTC); either end may be left out.
 */
export const tradesRequestSchema = z
  .object({ player: servicePlayerSchema, from: dateParam.optional(), to: dateParam.optional() })
  .refine((q) => !q.from || !q.to || rangeStart(q.from) < rangeEnd(q.to), {
    message: 'from is after to.',
    path: ['from'],
  });
export type TradesRequest = z.infer<typeof tradesRequestSchema>;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The first instant a `from` parameter includes. */
export function rangeStart(from: string): Date {
  return new Date(DAY_ONLY.test(from) ? `${from}T00:00:00Z` : from);
}
/** The instant just after what a `to` parameter includes (a day runs to its end). */
export function rangeEnd(to: string): Date {
  const d = new Date(DAY_ONLY.test(to) ? `${to}T00:00:00Z` : to);
  return DAY_ONLY.test(to) ? new Date(d.getTime() + 86_400_000) : new Date(d.getTime() + 1);
}

export const tradesAnswerSchema = z.object({
  trades: z.array(
    z.object({
      /** `<service>:<transaction id>`. */
      id: z.string(),
      /** ISO time. */
      at: z.string(),
      format: tradeFormatSchema,
      sides: z.array(
        z.object({
          /** `<service>:<id>`. */
          players: z.array(z.string()),
          picks: z.array(tradePickSchema),
          faab: z.number(),
        }),
      ),
    }),
  ),
});
export type TradesAnswer = z.infer<typeof tradesAnswerSchema>;
