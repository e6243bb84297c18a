import { z } from 'zod';
import { toCsv } from './csv.ts';
import {
  adpEmptySchema,
  adpLatestSchema,
  adpPlayerSchema,
  adpRequestSchema,
  adpSourceSchema,
  formatMdy,
} from './rookie-adp.ts';

/*
 * Startup ADP (issue 26, decision 021): a dynasty league's first draft, of veterans and rookies. A
 * snake draft gives each player his overall pick (ADP, as rookie ADP); an auction gives his price as a
 * share of the league's budget per team. The two are never mixed: a request names one kind, and the
 * answer carries that kind's numbers only.
 */

/** Which drafts the ADP page shows: rookie drafts, or startup drafts. */
export const ADP_DRAFTS = ['rookie', 'startup'] as const;
export type AdpDraft = (typeof ADP_DRAFTS)[number];

/** A startup draft's kind: by pick order (snake, and linear), or an auction. */
export const STARTUP_KINDS = ['snake', 'auction'] as const;
export type StartupKind = (typeof STARTUP_KINDS)[number];
export const STARTUP_KIND_NAMES: Record<StartupKind, string> = { snake: 'Snake', auction: 'Auction' };

/** POST /api/mfl/adp/startup: the rookie page's filter plus the kind. */
export const startupRequestSchema = /* @__PURE__ */ adpRequestSchema.extend({
  kind: z.enum(STARTUP_KINDS).default('snake'),
});
export type StartupRequestInput = z.input<typeof startupRequestSchema>;

/** One player of an auction answer: his price as a share of the budget (0 to 1), on average and at the ends. */
export const auctionPlayerSchema = z.object({
  id: z.string(),
  position: z.string(),
  name: z.string(),
  /** Average of price / budget over the auctions that bought him. */
  share: z.number(),
  minShare: z.number(),
  maxShare: z.number(),
  /** Auctions that bought him. */
  drafts: z.number().int(),
  /** drafts / totalLeagues, 0 to 1. */
  draftShare: z.number(),
});
export type AuctionPlayer = z.infer<typeof auctionPlayerSchema>;

const startupCommon = {
  hidden: z.number().int().default(0),
  totalLeagues: z.number().int(),
  startTime: z.number(),
  endTime: z.number(),
  source: adpSourceSchema,
  latest: z.optional(adpLatestSchema),
  empty: z.optional(adpEmptySchema),
};

/** A snake answer is a rookie answer's shape (ADP, min and max pick) without trend; an auction's has shares. */
export const startupAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('snake'), players: z.array(adpPlayerSchema), ...startupCommon }),
  z.object({ kind: z.literal('auction'), players: z.array(auctionPlayerSchema), ...startupCommon }),
]);
export type StartupAnswer = z.infer<typeof startupAnswerSchema>;

/** A share of the budget as the page shows it: a percentage to one decimal ("12.5%"). */
export const formatBudgetShare = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * A price as a share of the budget, or undefined when either is not a real amount (no budget, a
 * negative or missing price). A price above the budget (a data error) is not kept either.
 */
export function budgetShare(price: number, budget: number): number | undefined {
  if (!(Number.isFinite(price) && Number.isFinite(budget)) || budget <= 0 || price < 0 || price > budget)
    return undefined;
  return price / budget;
}

/** The caption under startup results: how many drafts of which kind, and when. */
export function startupCaption(
  totalLeagues: number,
  service: string,
  kind: StartupKind,
  startDate: string,
  endDate: string,
): string {
  const noun =
    kind === 'auction'
      ? totalLeagues === 1
        ? 'startup auction'
        : 'startup auctions'
      : totalLeagues === 1
        ? 'startup snake draft'
        : 'startup snake drafts';
  return `Data collected from ${totalLeagues} ${service} ${noun} between ${formatMdy(startDate)} and ${formatMdy(endDate)}.`;
}

/** The auction table as CSV: rank, position, name, average, least and greatest share, auctions, share of auctions. */
export function auctionCsv(players: readonly AuctionPlayer[]): string {
  return toCsv(
    ['Rank', 'Pos.', 'Name', 'Avg % of budget', 'Min %', 'Max %', 'Auctions', 'Share'],
    players.map((p, i) => [
      i + 1,
      p.position,
      p.name,
      formatBudgetShare(p.share),
      formatBudgetShare(p.minShare),
      formatBudgetShare(p.maxShare),
      p.drafts,
      `${(p.draftShare * 100).toFixed(1)}%`,
    ]),
  );
}
