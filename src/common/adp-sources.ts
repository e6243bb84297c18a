import { z } from 'zod';

/*
 * Where the ADP numbers come from, as the operator sees it (admin data page, /metrics): the site's
 * own store of rookie drafts per service, its startup drafts per service and kind, and MFL's own
 * aggregate (decisions 018 and 021). None is ever added to another.
 */

export const adpSourceStatsSchema = z.object({
  /** The drafts the site stores, per service, and when the newest one started (ISO). */
  store: z.array(
    z.object({
      service: z.enum(['mfl', 'sleeper']),
      drafts: z.number().int(),
      newestDraftAt: z.string().nullable(),
    }),
  ),
  /** The startup drafts the site stores, per service and kind (decision 021), never added to the rookie ones. */
  startup: z.array(
    z.object({
      service: z.enum(['mfl', 'sleeper']),
      kind: z.enum(['snake', 'auction']),
      drafts: z.number().int(),
      newestDraftAt: z.string().nullable(),
    }),
  ),
  /** MFL's aggregate: its latest good answer (when the site got it, its age, the filter, its drafts). */
  mflAggregate: z.object({
    lastGoodAt: z.string().nullable(),
    ageMs: z.number().nullable(),
    sizes: z.array(z.number().int()),
    /** The page's PPR value of that answer: Any 0, Yes 1, No -1. */
    ppr: z.number().int().nullable(),
    /** Sum of MFL's totalDrafts over the sizes asked. */
    drafts: z.number().int().nullable(),
    /** The last day the answer covers (MFL's answer time), ISO date. */
    coversUntil: z.string().nullable(),
    lastFailureAt: z.string().nullable(),
    lastFailure: z.string().nullable(),
  }),
  /**
   * The daily copies of MFL's own ADP behind its trends and months (decision 025): how many are kept,
   * the first and latest day copied this season (ISO dates), and the copy job's latest run.
   */
  mflCopies: z.object({
    copies: z.number().int(),
    firstDay: z.string().nullable(),
    latestDay: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    lastRunStatus: z.string().nullable(),
    lastRunError: z.string().nullable(),
  }),
  /** Answers of 429 (too many requests) MFL gave this server process since it started. */
  mfl429s: z.number().int(),
});
export type AdpSourceStats = z.infer<typeof adpSourceStatsSchema>;
