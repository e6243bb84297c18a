import { z } from 'zod';
import { text } from './text.ts';

/*
 * The admin data page of Rookie ADP: what the draft store holds, where its leagues came from, how
 * the last discovery runs went, and the requests that steer discovery.
 */

const service = z.enum(['mfl', 'sleeper']);
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
});
export type AdpData = z.infer<typeof adpDataSchema>;

export const adpAddLeagueSchema = z.object({
  league: text().trim().min(1, 'Enter a league id or address.').max(300, 'That address is too long.'),
});
export const adpAddLeagueAnswerSchema = z.object({
  service,
  leagueId: z.string(),
  added: z.boolean(),
});
export type AdpAddLeagueAnswer = z.infer<typeof adpAddLeagueAnswerSchema>;

export const adpDiscoveryActionSchema = z.object({ action: z.enum(['pause', 'resume', 'run']) });
export type AdpDiscoveryAction = z.infer<typeof adpDiscoveryActionSchema>['action'];

export interface ParsedLeague {
  service: 'mfl' | 'sleeper';
  leagueId: string;
  /** MFL: the league's home address, which names its host and season. */
  url?: string;
}

/**
 * A league named by id or address: an MFL home address (`https://www44.myfantasyleague.com/2025/home/12345`)
 * or `mfl:12345` or a short number; a Sleeper address (`https://sleeper.com/leagues/<id>`) or
 * `sleeper:<id>` or a long number. Undefined when it names no league.
 */
export function parseLeagueReference(input: string): ParsedLeague | undefined {
  const text = input.trim();
  const prefixed = /^(mfl|sleeper):(\d{1,20})$/i.exec(text);
  if (prefixed) {
    const s = prefixed[1].toLowerCase() as 'mfl' | 'sleeper';
    if (s === 'mfl' && prefixed[2].length > 10) return undefined;
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
  return undefined;
}
