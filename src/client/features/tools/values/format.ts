import {
  DEFAULT_VALUE_FORMAT,
  formatKey,
  parseFormatKey,
  VALUE_PPR,
  VALUE_QB,
  VALUE_TE_PREMIUM,
  VALUE_TEAMS,
  type ValueFormat,
} from '#common/values.ts';

/*
 * The values pages' format in the address: `format=12-sf-ppr1-te0`, or, from the plain form before
 * the page's script runs, its fields apart (teams, qb, ppr, te, idp).
 */

const pick = <T extends string | number>(list: readonly T[], raw: string | null, fallback: T): T =>
  list.find((x) => String(x).toLowerCase() === (raw ?? '').trim().toLowerCase()) ?? fallback;

export function formatFrom(params: URLSearchParams): ValueFormat {
  const key = params.get('format');
  if (key) return parseFormatKey(key) ?? DEFAULT_VALUE_FORMAT;
  if (!params.has('teams')) return DEFAULT_VALUE_FORMAT;
  const d = DEFAULT_VALUE_FORMAT;
  return {
    teams: pick(VALUE_TEAMS, params.get('teams'), d.teams),
    qb: pick(VALUE_QB, params.get('qb'), d.qb),
    ppr: pick(VALUE_PPR, params.get('ppr'), d.ppr),
    tePremium: pick(VALUE_TE_PREMIUM, params.get('te'), d.tePremium),
    idp: params.get('idp') === '1',
  };
}

export const formatParam = (f: ValueFormat) => formatKey(f);
