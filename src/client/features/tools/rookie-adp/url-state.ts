import {
  ADP_LEAGUE_SIZES,
  ADP_LEAGUE_TYPES,
  ADP_SERVICES,
  type AdpLeagueSize,
  type AdpLeagueType,
  type AdpService,
  DEFAULT_MIN_SHARE,
  dayStart,
  defaultAdpRange,
  type TriState,
} from '#common/rookie-adp.ts';
import { ADP_DRAFTS, type AdpDraft, STARTUP_KINDS, type StartupKind } from '#common/startup-adp.ts';

/*
 * The filter lives in the URL
 * (?ppr=1&idp=-1&sizes=10,12&types=SF&from=2025-05-01&to=2025-05-31&hide=PK&service=sleeper&min=0
 * &draft=startup&kind=auction), so a result can be shared and reloaded. Anything missing or unreadable
 * takes its default; the service, the minimum share, the drafts and the startup kind are written only
 * when they are not the defaults (MFL, 5 %, rookie drafts, snake).
 */

export interface AdpFilterState {
  ppr: TriState;
  idp: TriState;
  sizes: AdpLeagueSize[];
  types: AdpLeagueType[];
  /** YYYY-MM-DD, or '' when cleared. */
  startDate: string;
  endDate: string;
}

export function defaultFilter(today: Date = new Date()): AdpFilterState {
  return {
    ppr: 0,
    idp: 0,
    sizes: [...ADP_LEAGUE_SIZES],
    types: [...ADP_LEAGUE_TYPES],
    ...defaultAdpRange(today),
  };
}

const triState = (v: string | null, fallback: TriState): TriState =>
  v === '1' ? 1 : v === '-1' ? -1 : v === '0' ? 0 : fallback;

function listOf<T extends string | number>(v: string | null, allowed: readonly T[], fallback: T[]): T[] {
  if (v === null) return fallback;
  const parts = v.split(',').map((s) => s.trim());
  return allowed.filter((a) => parts.includes(String(a)));
}

const dateOf = (v: string | null, fallback: string) =>
  v === null ? fallback : v === '' || dayStart(v) !== undefined ? v : fallback;

/** True when the URL carries a filter (a shared or reloaded result). */
export const hasFilterParams = (params: URLSearchParams) =>
  ['ppr', 'idp', 'sizes', 'types', 'from', 'to'].some((k) => params.has(k));

export function filterFromParams(params: URLSearchParams, today: Date = new Date()): AdpFilterState {
  const d = defaultFilter(today);
  return {
    ppr: triState(params.get('ppr'), d.ppr),
    idp: triState(params.get('idp'), d.idp),
    sizes: listOf(params.get('sizes'), ADP_LEAGUE_SIZES, d.sizes),
    types: listOf(params.get('types'), ADP_LEAGUE_TYPES, d.types),
    startDate: dateOf(params.get('from'), d.startDate),
    endDate: dateOf(params.get('to'), d.endDate),
  };
}

/** True when the address sets both dates (else either is the default window's, from today). */
export const hasDateParams = (params: URLSearchParams) =>
  ['from', 'to'].every((k) => {
    const v = params.get(k);
    return v !== null && (v === '' || dayStart(v) !== undefined);
  });

/** Positions the visitor unchecked. */
export const hiddenFromParams = (params: URLSearchParams): Set<string> =>
  new Set((params.get('hide') ?? '').split(',').filter(Boolean));

/** Which service's drafts: `service=sleeper`, else MFL. */
export const serviceFromParams = (params: URLSearchParams): AdpService =>
  ADP_SERVICES.find((s) => s === params.get('service')) ?? 'mfl';

/**
 * The minimum share of drafts (percent) a player needs to be listed: `min=0` lists everyone. Only a
 * plain number from 0 to 100 is read; anything else is the default.
 */
export function minShareFromParams(params: URLSearchParams): number {
  const v = params.get('min');
  if (v === null || !/^\d{1,3}(\.\d{1,2})?$/.test(v)) return DEFAULT_MIN_SHARE;
  const n = Number(v);
  return n <= 100 ? n : DEFAULT_MIN_SHARE;
}

/** Which drafts: `draft=startup`, else rookie drafts. */
export const draftFromParams = (params: URLSearchParams): AdpDraft =>
  ADP_DRAFTS.find((d) => d === params.get('draft')) ?? 'rookie';

/** A startup's kind: `kind=auction`, else snake. */
export const kindFromParams = (params: URLSearchParams): StartupKind =>
  STARTUP_KINDS.find((k) => k === params.get('kind')) ?? 'snake';

/** What the page shows besides the filter: the service, the minimum share, the drafts and the startup kind. */
export interface AdpViewState {
  service: AdpService;
  minShare: number;
  draft?: AdpDraft;
  kind?: StartupKind;
}

export function toParams(
  f: AdpFilterState,
  hidden: ReadonlySet<string>,
  view: AdpViewState = { service: 'mfl', minShare: DEFAULT_MIN_SHARE },
): URLSearchParams {
  const params = new URLSearchParams({
    ppr: String(f.ppr),
    idp: String(f.idp),
    sizes: f.sizes.join(','),
    types: f.types.join(','),
    from: f.startDate,
    to: f.endDate,
  });
  if (hidden.size > 0) params.set('hide', [...hidden].join(','));
  if (view.service !== 'mfl') params.set('service', view.service);
  if (view.minShare !== DEFAULT_MIN_SHARE) params.set('min', String(view.minShare));
  if (view.draft === 'startup') {
    params.set('draft', 'startup');
    // The kind belongs to startups: a rookie URL never carries one.
    if (view.kind === 'auction') params.set('kind', 'auction');
  }
  return params;
}
