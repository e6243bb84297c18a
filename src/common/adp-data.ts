import { z } from 'zod';
import { adpSourceStatsSchema } from './adp-sources.ts';
import { text } from './text.ts';

/*
 * The admin data page of Rookie ADP: what the draft store holds, where its leagues came from, how
 * the last discovery runs went, and the requests that steer discovery.
 */

const service = z.enum(['mfl', 'sleeper']);
/** A league listed here: Sleeper and MFL feed ADP (and trades); a Fleaflicker league feeds trade values only. */
const listedService = z.enum(['mfl', 'sleeper', 'flea']);
export type ListedService = z.infer<typeof listedService>;
export const leagueSources = ['configured', 'admin', 'discovered', 'visitor'] as const;
export const leagueSourceLabel: Record<(typeof leagueSources)[number], string> = {
  configured: 'Configured (ADP_LEAGUE_IDS)',
  admin: 'Added here',
  discovered: 'Discovered',
  visitor: "Visitors' leagues",
};
export const skipReasonLabel: Record<string, string> = {
  'not-dynasty': 'Not dynasty',
  mock: 'Mock draft',
  'no-rookie-draft': 'No rookie draft (this season)',
};

export const adpRunSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  status: z.enum(['running', 'ok', 'failed', 'abandoned']),
  requests: z.object({ mfl: z.number().int(), sleeper: z.number().int() }),
  errors: z.number().int(),
  leaguesRead: z.number().int(),
  leaguesFound: z.number().int(),
  drafts: z.number().int(),
  error: z.string().nullable(),
});
export type AdpRun = z.infer<typeof adpRunSchema>;

export const adpDataSchema = z.object({
  discovery: z.object({
    enabled: z.boolean(),
    paused: z.boolean(),
    running: z.boolean(),
    nextRunAt: z.string().nullable(),
    failures: z.number().int(),
    lastError: z.string().nullable(),
    share: z.number(),
    requestsPerRun: z.number().int(),
  }),
  byService: z.array(
    z.object({
      service,
      leagues: z.number().int(),
      read: z.number().int(),
      withDrafts: z.number().int(),
      skipped: z.number().int(),
      due: z.number().int(),
      failing: z.number().int(),
      drafts: z.number().int(),
    }),
  ),
  byMonth: z.array(z.object({ month: z.string(), service, drafts: z.number().int() })),
  byType: z.array(
    z.object({ qbFormat: z.string(), idp: z.boolean(), ppr: z.boolean(), drafts: z.number().int() }),
  ),
  sources: z.array(
    z.object({ source: z.enum(leagueSources), leagues: z.number().int(), drafts: z.number().int() }),
  ),
  skips: z.array(z.object({ reason: z.string(), leagues: z.number().int() })),
  frontier: z.array(
    z.object({ kind: z.enum(['mfl-search', 'sleeper-user']), due: z.number().int(), done: z.number().int() }),
  ),
  runs: z.array(adpRunSchema),
  /** Where the answers come from: the store per service and MFL's own aggregate (decision 018). */
  answerSources: adpSourceStatsSchema,
});
export type AdpData = z.infer<typeof adpDataSchema>;

/**
 * MFL leagues an admin may list at most. MFL's terms forbid harvesting league data: each listed MFL
 * league needs its commissioner's permission, and the cap keeps the list to leagues someone asked.
 */
export const MAX_LISTED_MFL_LEAGUES = 50;

/**
 * Fleaflicker leagues an admin may list at most, on the same terms as MFL's: each with its
 * commissioner's permission. They are read for trade values only (no Fleaflicker draft feeds ADP).
 */
export const MAX_LISTED_FLEA_LEAGUES = 50;

export const NOT_A_LEAGUE =
  'That is not an MFL, Sleeper or Fleaflicker league id or address (for example 12345, https://www44.myfantasyleague.com/2025/home/12345, https://sleeper.com/leagues/<id>, https://www.fleaflicker.com/nfl/leagues/<id> or flea:<id>).';
export const MFL_PERMISSION_NEEDED =
  "An MFL league is read only with its commissioner's permission: tick the box to confirm you have it.";
export const FLEA_PERMISSION_NEEDED =
  "A Fleaflicker league is read only with its commissioner's permission: tick the box to confirm you have it.";
export const mflListFull = (n: number) =>
  `At most ${MAX_LISTED_MFL_LEAGUES} MFL leagues can be listed here, each with its commissioner's permission; ${n} are. Remove one first.`;
export const fleaListFull = (n: number) =>
  `At most ${MAX_LISTED_FLEA_LEAGUES} Fleaflicker leagues can be listed here, each with its commissioner's permission; ${n} are. Remove one first.`;

export const adpAddLeagueSchema = z
  .object({
    league: text().trim().min(1, 'Enter a league id or address.').max(300, 'That address is too long.'),
    /**
     * MFL and Fleaflicker leagues only: the admin confirms the league's commissioner agreed to its
     * league being read (an MFL league's drafts and trades, a Fleaflicker league's trades).
     */
    commissionerPermission: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const league = parseLeagueReference(value.league);
    if (!league) ctx.addIssue({ code: 'custom', path: ['league'], message: NOT_A_LEAGUE });
    else if (league.service !== 'sleeper' && value.commissionerPermission !== true)
      ctx.addIssue({
        code: 'custom',
        path: ['commissionerPermission'],
        message: league.service === 'mfl' ? MFL_PERMISSION_NEEDED : FLEA_PERMISSION_NEEDED,
      });
  });
export type AdpAddLeague = z.infer<typeof adpAddLeagueSchema>;
export const adpAddLeagueAnswerSchema = z.object({
  service: listedService,
  leagueId: z.string(),
  added: z.boolean(),
});
export type AdpAddLeagueAnswer = z.infer<typeof adpAddLeagueAnswerSchema>;

/** The leagues listed on the admin page (not ADP_LEAGUE_IDS), newest first. */
export const adpListedLeaguesSchema = z.object({
  mflLimit: z.number().int(),
  fleaLimit: z.number().int(),
  leagues: z.array(
    z.object({
      service: listedService,
      leagueId: z.string(),
      url: z.string().nullable(),
      /** What the league feeds: ADP and trade values, or (Fleaflicker) trade values only. */
      feeds: z.enum(['adp', 'trades']),
      drafts: z.number().int(),
      /** Its completed trades in the trades store. */
      trades: z.number().int(),
      /** When the store first knew the league (listed here, or earlier by a visitor or the crawl). */
      knownSince: z.string(),
    }),
  ),
});
export type AdpListedLeagues = z.infer<typeof adpListedLeaguesSchema>;

export const adpRemoveLeagueSchema = z.object({
  service: listedService,
  leagueId: z.string().regex(/^\d{1,20}$/, 'That is not a league id.'),
});
export const adpRemoveLeagueAnswerSchema = z.object({ removed: z.boolean(), drafts: z.number().int() });

export const adpDiscoveryActionSchema = z.object({ action: z.enum(['pause', 'resume', 'run']) });
export type AdpDiscoveryAction = z.infer<typeof adpDiscoveryActionSchema>['action'];

export interface ParsedLeague {
  service: ListedService;
  leagueId: string;
  /** MFL: the league's home address, which names its host and season. */
  url?: string;
}

/**
 * A league named by id or address: an MFL home address (`https://www44.myfantasyleague.com/2025/home/12345`)
 * or `mfl:12345` or a short number; a Sleeper address (`https://sleeper.com/leagues/<id>`) or
 * `sleeper:<id>` or a long number; a Fleaflicker league address
 * (`https://www.fleaflicker.com/nfl/leagues/<id>`) or `flea:<id>` (a bare number is MFL's or
 * Sleeper's). Undefined when it names no league.
 */
export function parseLeagueReference(input: string): ParsedLeague | undefined {
  const text = input.trim();
  const prefixed = /^(mfl|sleeper|flea|fleaflicker):(\d{1,20})$/i.exec(text);
  if (prefixed) {
    const name = prefixed[1].toLowerCase();
    const s: ListedService = name === 'fleaflicker' ? 'flea' : (name as ListedService);
    if (s !== 'sleeper' && prefixed[2].length > 10) return undefined;
    return { service: s, leagueId: prefixed[2] };
  }
  if (/^\d{1,10}$/.test(text)) return { service: 'mfl', leagueId: text };
  if (/^\d{11,20}$/.test(text)) return { service: 'sleeper', leagueId: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  if (host === 'myfantasyleague.com' || host.endsWith('.myfantasyleague.com')) {
    const m = /^\/(\d{4})\/\w+/.exec(url.pathname);
    const id = url.searchParams.get('L') ?? /\/home\/(\d{1,10})\b/.exec(url.pathname)?.[1];
    if (!m || !id || !/^\d{1,10}$/.test(id)) return undefined;
    return { service: 'mfl', leagueId: id, url: `${url.protocol}//${host}/${m[1]}/home/${id}` };
  }
  if (/(^|\.)sleeper\.(com|app)$/.test(host)) {
    const id = /\/leagues?\/(\d{11,20})\b/.exec(url.pathname)?.[1];
    return id ? { service: 'sleeper', leagueId: id } : undefined;
  }
  if (host === 'fleaflicker.com' || host.endsWith('.fleaflicker.com')) {
    const id = /\/leagues\/(\d{1,10})(?:\/|$)/.exec(url.pathname)?.[1] ?? url.searchParams.get('league_id');
    return id && /^\d{1,10}$/.test(id) ? { service: 'flea', leagueId: id } : undefined;
  }
  return undefined;
}
