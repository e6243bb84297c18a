import { z } from 'zod';
import {
  formatHeight,
  HEIGHT_FEET,
  LIST_PAGE_SIZE,
  MAX_PAGE_SIZE,
  parseHeight,
  parseWeight,
  SEARCH_MAX,
  WEIGHT_POUNDS,
} from './content-format.ts';
import { rowId, text } from './text.ts';

// The formatting rules and constants live in content-format.ts, which has no zod in it: the public
// pages import that module directly and stay light. They are re-exported here for everything else.
export * from './content-format.ts';

const tagSchema = z.object({ name: z.string() });
const contributorSchema = z.object({ name: z.string() }).nullable();

/** An article as the API answers it. `date` is an ISO timestamp. */
export const articleSchema = z.object({
  id: z.number().int(),
  shortname: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  bodyHtml: z.string(),
  image: z.string(),
  date: z.string(),
  tags: z.array(tagSchema),
  contributor: contributorSchema,
  contributorId: z.number().int().nullable(),
  isVisible: z.boolean(),
});
export type Article = z.infer<typeof articleSchema>;
/** An article in a list: everything but the rendered body, which only the detail answer carries. */
export type ArticleListItem = Omit<Article, 'bodyHtml'>;

/** A draft prospect as the API answers it. `year` is the draft class. */
export const profileSchema = z.object({
  id: z.number().int(),
  shortname: z.string(),
  name: z.string(),
  position: z.string(),
  school: z.string(),
  year: z.number().int().nullable(),
  height: z.string(),
  weight: z.string(),
  image: z.string(),
  date: z.string(),
  description: z.string(),
  body: z.string(),
  bodyHtml: z.string(),
  contributor: contributorSchema,
  contributorId: z.number().int().nullable(),
  isVisible: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
/** A profile in a list: everything but the rendered body, which only the detail answer carries. */
export type ProfileListItem = Omit<Profile, 'bodyHtml'>;

/** One page of a list, with the total count of matching items. */
export const listAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
export interface ListAnswer<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

// Query-string values arrive as text; an empty value means "not given" (spec: empty filters are left out).
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, text().trim().max(max).optional());

const listQueryShape = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Lists hidden items too; needs a contributor or super user. */
  isAdmin: z.preprocess(
    (v) => (v === undefined ? false : v === true || v === 'true' || v === '1'),
    z.boolean(),
  ),
  search: optionalText(200),
};

export const articleListQuerySchema = z.object({
  ...listQueryShape,
  /** Only the articles with this tag (any case); a tag's name is at most ARTICLE_LIMITS.tag long. */
  tag: optionalText(50),
});

/**
 * GET /api/articles/:id and /api/profiles/:id (numeric id or shortname). A hidden item is served only
 * with isAdmin=true, which needs a contributor or super user (the admin edit forms send it).
 */
export const detailQuerySchema = z.object({ isAdmin: listQueryShape.isAdmin });
export type ArticleListQuery = z.output<typeof articleListQuerySchema>;

export const profileListQuerySchema = z.object({
  ...listQueryShape,
  position: optionalText(10),
  year: z.preprocess(blankToUndefined, z.coerce.number().int().min(1900).max(2100).optional()),
});
export type ProfileListQuery = z.output<typeof profileListQuerySchema>;

/** What the home page's filter modal can offer: the positions and classes among visible profiles. */
export const profileFiltersSchema = z.object({
  positions: z.array(z.string()),
  years: z.array(z.number().int()),
});
export type ProfileFilters = z.infer<typeof profileFiltersSchema>;

/** The longest text each article field takes: the schema checks them, the forms count toward them. */
export const ARTICLE_LIMITS = {
  title: 200,
  description: 1000,
  body: 100_000,
  image: 500,
  /** One tag's name, and how many tags. */
  tag: 50,
  tags: 30,
} as const;

/** The longest text each profile field takes. */
export const PROFILE_LIMITS = {
  name: 120,
  position: 10,
  school: 120,
  height: 20,
  weight: 20,
  image: 500,
  description: 1000,
  body: 100_000,
} as const;

// Images are a site path (/images/…) or an http(s) address; anything else (javascript:, data:) is refused.
const imageSchema = text()
  .trim()
  .max(ARTICLE_LIMITS.image)
  .refine((v) => v === '' || /^\/[^/]/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    message: 'Use a site path such as /images/x.svg or an http(s) address for the image.',
  })
  .default('');

/**
 * The payload that saves an article: POST /api/articles creates (201), POST /api/articles/:id updates;
 * both answer the saved Article. Unknown keys (id, date, shortname, bodyHtml, contributor) are
 * dropped: the id comes from the address and the date is set on create. Only super users may send
 * isVisible or name another contributor as the author.
 */
export const articleInputSchema = z.object({
  title: text({ error: 'Add a title.' })
    .trim()
    .min(1, 'Add a title.')
    .max(ARTICLE_LIMITS.title, `Keep the title to ${ARTICLE_LIMITS.title} characters.`),
  description: text().trim().max(ARTICLE_LIMITS.description).default(''),
  body: text().max(ARTICLE_LIMITS.body).default(''),
  image: imageSchema,
  tags: z
    .array(z.object({ name: text().trim().min(1, 'A tag needs a name.').max(ARTICLE_LIMITS.tag) }))
    .max(ARTICLE_LIMITS.tags)
    .default([]),
  contributorId: rowId().nullable().optional(),
  isVisible: z.boolean().optional(),
});
export type ArticleInput = z.input<typeof articleInputSchema>;

const HEIGHT_MESSAGE = `Give the height in feet and inches (${HEIGHT_FEET.min}'0" to ${HEIGHT_FEET.max}'11"), such as 6'1".`;
const WEIGHT_MESSAGE = `Give the weight in pounds, a whole number from ${WEIGHT_POUNDS.min} to ${WEIGHT_POUNDS.max}.`;

/** A height kept as 6'1" (or '' for none); 6-1 and 6' 1" are read the same. */
const heightSchema = text()
  .trim()
  .max(PROFILE_LIMITS.height, HEIGHT_MESSAGE)
  .transform((v, ctx) => {
    if (v === '') return '';
    const h = parseHeight(v);
    if (h) return formatHeight(h.feet, h.inches);
    ctx.addIssue({ code: 'custom', message: HEIGHT_MESSAGE });
    return z.NEVER;
  })
  .default('');

/** A weight kept as whole pounds in text, "215" (or '' for none); the form may send a number. */
const weightSchema = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    text().trim().max(PROFILE_LIMITS.weight, WEIGHT_MESSAGE),
  )
  .transform((v, ctx) => {
    if (v === '') return '';
    const pounds = parseWeight(v);
    if (pounds !== undefined) return String(pounds);
    ctx.addIssue({ code: 'custom', message: WEIGHT_MESSAGE });
    return z.NEVER;
  })
  .default('');

/** The payload that saves a profile; same rules as articleInputSchema. */
export const profileInputSchema = z.object({
  name: text({ error: 'Add a name.' })
    .trim()
    .min(1, 'Add a name.')
    .max(PROFILE_LIMITS.name, `Keep the name to ${PROFILE_LIMITS.name} characters.`),
  position: text().trim().toUpperCase().max(PROFILE_LIMITS.position).default(''),
  school: text().trim().max(PROFILE_LIMITS.school).default(''),
  year: z.preprocess(blankToUndefined, z.coerce.number().int().min(1900).max(2100).nullable().optional()),
  height: heightSchema,
  weight: weightSchema,
  image: imageSchema,
  description: text().trim().max(PROFILE_LIMITS.description).default(''),
  body: text().max(PROFILE_LIMITS.body).default(''),
  contributorId: rowId().nullable().optional(),
  isVisible: z.boolean().optional(),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

export const searchQuerySchema = z.object({
  search: optionalText(SEARCH_MAX),
  limit: listQueryShape.limit,
  page: listQueryShape.page,
});

/** One hit of the site search, already shaped for the results page. */
export const searchResultSchema = z.object({
  type: z.enum(['article', 'profile', 'ranking']),
  shortname: z.string(),
  header: z.string(),
  author: z.string(),
  date: z.string(),
  preview: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
