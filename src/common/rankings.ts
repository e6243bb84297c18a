import { z } from 'zod';
import {
  QB_FORMATS,
  RANKING_KINDS,
  RANKING_LIMITS,
  RANKING_POSITIONS,
  type RankingFormat,
} from './ranking-format.ts';
import { rowId, text } from './text.ts';

export * from './ranking-format.ts';

const contributorSchema = z.object({ name: z.string() }).nullable();

/** A player on a board as the API answers it: his rank, the player list's name, position and team then. */
export const rankingEntrySchema = z.object({
  rank: z.number().int(),
  playerId: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  tier: z.number().int(),
  note: z.string(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

const rankingShape = {
  id: z.number().int(),
  shortname: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(RANKING_KINDS),
  position: z.string(),
  qbFormat: z.enum(QB_FORMATS),
  ppr: z.boolean(),
  tePremium: z.boolean(),
  date: z.string(),
  updatedAt: z.string(),
  contributor: contributorSchema,
  contributorId: z.number().int().nullable(),
  isVisible: z.boolean(),
  /** How many published versions it has had (0 while it never was). */
  versions: z.number().int(),
};

/** A ranking with its board, as GET /api/rankings/:id answers. */
export const rankingSchema = z.object({ ...rankingShape, entries: z.array(rankingEntrySchema) });
export type Ranking = z.infer<typeof rankingSchema>;

/** A ranking in a list: its first few players only. */
export const rankingListItemSchema = z.object({
  ...rankingShape,
  players: z.number().int(),
  top: z.array(rankingEntrySchema),
});
export type RankingListItem = z.infer<typeof rankingListItemSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
// A yes/no in a query string: true/1 or false/0, or left out; anything else is refused.
const FLAG_VALUES: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };
const flag = z.preprocess(
  (v) =>
    v === undefined || v === '' ? undefined : typeof v === 'string' && v in FLAG_VALUES ? FLAG_VALUES[v] : v,
  z.boolean({ error: 'Use true or false.' }).optional(),
);

/** The filters the lists and the consensus share: a kind (and position) and a scoring. */
const formatFilterShape = {
  kind: z.preprocess(blankToUndefined, z.enum(RANKING_KINDS).optional()),
  position: z.preprocess(blankToUndefined, z.enum(RANKING_POSITIONS).optional()),
  qbFormat: z.preprocess(blankToUndefined, z.enum(QB_FORMATS).optional()),
  ppr: flag,
  tePremium: flag,
};

/** GET /api/rankings: a page of rankings, newest first, filtered by format or writer. */
export const rankingListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  isAdmin: z.preprocess(
    (v) => (v === undefined ? false : v === true || v === 'true' || v === '1'),
    z.boolean(),
  ),
  search: z.preprocess(blankToUndefined, text().trim().max(200).optional()),
  ...formatFilterShape,
  /** A writer's id. */
  writer: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional()),
});
export type RankingListQuery = z.output<typeof rankingListQuerySchema>;

/** GET /api/rankings/consensus: one format, whole (every field but the position has a default). */
export const consensusQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(RANKING_KINDS).default('overall')),
  position: z.preprocess(blankToUndefined, z.enum(RANKING_POSITIONS).optional()),
  qbFormat: z.preprocess(blankToUndefined, z.enum(QB_FORMATS).default('SF')),
  ppr: flag.transform((v) => v ?? true),
  tePremium: flag.transform((v) => v ?? false),
});
export type ConsensusQuery = z.output<typeof consensusQuerySchema>;

const entryInputSchema = z.object({
  playerId: text({ error: 'Choose a player.' }).trim().min(1, 'Choose a player.').max(40),
  tier: z
    .number({ error: 'Give the tier as a whole number.' })
    .int('Give the tier as a whole number.')
    .min(1, 'Tiers start at 1.')
    .max(RANKING_LIMITS.tiers, `Use at most ${RANKING_LIMITS.tiers} tiers.`),
  note: text()
    .trim()
    .max(RANKING_LIMITS.note, `Keep each note to ${RANKING_LIMITS.note} characters.`)
    .default(''),
});

/**
 * The payload that saves a ranking: POST /api/rankings creates (201), POST /api/rankings/:id saves;
 * both answer the saved Ranking. `entries` is the board in rank order. Only super users may send
 * isVisible (publishing) or name another writer, as for articles. The order's rules (entryProblems)
 * and the players' existence are checked on the server before anything is written.
 */
export const rankingInputSchema = z
  .object({
    title: text({ error: 'Add a title.' })
      .trim()
      .min(1, 'Add a title.')
      .max(RANKING_LIMITS.title, `Keep the title to ${RANKING_LIMITS.title} characters.`),
    description: text().trim().max(RANKING_LIMITS.description).default(''),
    kind: z.enum(RANKING_KINDS, { error: 'Choose the kind of ranking.' }),
    position: z.preprocess(blankToUndefined, z.enum(RANKING_POSITIONS).optional()),
    qbFormat: z.enum(QB_FORMATS, { error: 'Choose 1QB or Superflex.' }),
    ppr: z.boolean().default(true),
    tePremium: z.boolean().default(false),
    // Checked for length before its rows, so a 5,000-row board is refused in one sentence.
    entries: z
      .array(z.unknown(), { error: 'Send the players as a list.' })
      .max(
        RANKING_LIMITS.entries,
        `A ranking holds at most ${RANKING_LIMITS.entries} players: split a longer board in two.`,
      )
      .pipe(z.array(entryInputSchema)),
    contributorId: rowId().nullable().optional(),
    isVisible: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'position' && !v.position)
      ctx.addIssue({
        code: 'custom',
        path: ['position'],
        message: 'Choose the position this ranking is of.',
      });
  })
  .transform((v) => ({ ...v, position: v.kind === 'position' ? (v.position ?? '') : '' }));
export type RankingInput = z.input<typeof rankingInputSchema>;
export type RankingSaved = z.output<typeof rankingInputSchema>;

/** One published version: when, by whom, and what changed from the one before. */
export const rankingVersionSchema = z.object({
  number: z.number().int(),
  savedAt: z.string(),
  editor: contributorSchema,
  title: z.string(),
  changes: z.array(z.string()),
});
export type RankingVersion = z.infer<typeof rankingVersionSchema>;

/** A market source beside the board: its key, its column heading, and where its numbers come from. */
export const marketSourceSchema = z.object({
  key: z.string(),
  label: z.string(),
  note: z.string(),
});
export type MarketSource = z.infer<typeof marketSourceSchema>;

/**
 * A player's place in one market: his rank there (among the board's positions) and the raw figure.
 * A trade value resting on too few trades has no rank (it is no market), only its estimate from
 * startup ADP, the figure the trade calculator counts him at.
 */
export const marketCellSchema = z.object({ rank: z.number().int().nullable(), value: z.number() }).nullable();

/**
 * GET /api/rankings/:id/market: for each board player (by rank), each source's cell in the order of
 * `sources`; and the movers since the version before the current one.
 */
export const rankingMarketSchema = z.object({
  sources: z.array(marketSourceSchema),
  rows: z.array(z.object({ playerId: z.string(), cells: z.array(marketCellSchema) })),
  previous: z.object({ number: z.number().int(), savedAt: z.string() }).nullable(),
  movers: z.array(
    z.object({
      playerId: z.string(),
      name: z.string(),
      /** Rank before; null for a player new to the board. */
      from: z.number().int().nullable(),
      to: z.number().int(),
    }),
  ),
});
export type RankingMarket = z.infer<typeof rankingMarketSchema>;

/** GET /api/rankings/consensus: every writer's latest visible board of one format, averaged. */
export const consensusSchema = z.object({
  writers: z.array(
    z.object({ name: z.string(), shortname: z.string(), title: z.string(), players: z.number() }),
  ),
  rows: z.array(
    z.object({
      playerId: z.string(),
      name: z.string(),
      position: z.string(),
      team: z.string(),
      average: z.number(),
      /** Each writer's rank of him, in the order of `writers`; null where a writer left him out. */
      ranks: z.array(z.number().int().nullable()),
      /** Worst rank minus best among the writers who rank him. */
      spread: z.number().int(),
    }),
  ),
  /** Every format some writer has a visible board of, with how many writers: where else to look. */
  formats: z.array(
    z.object({
      kind: z.enum(RANKING_KINDS),
      position: z.string(),
      qbFormat: z.enum(QB_FORMATS),
      ppr: z.boolean(),
      tePremium: z.boolean(),
      writers: z.number().int(),
    }),
  ),
});
export type Consensus = z.infer<typeof consensusSchema>;

export type { RankingFormat };
