import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { RankingFilters } from '#client/api/content.ts';
import { useNavigate } from '#client/router/router.tsx';
import {
  QB_FORMATS,
  RANKING_KIND_NAMES,
  RANKING_KINDS,
  RANKING_POSITIONS,
  type RankingFormat,
} from '#common/ranking-format.ts';

/** The consensus of one format (a board's, or one the consensus lists). */
export const consensusPath = (f: RankingFormat) =>
  `/rankings/consensus?${new URLSearchParams({
    kind: f.kind,
    ...(f.kind === 'position' && f.position ? { position: f.position } : {}),
    qbFormat: f.qbFormat,
    ppr: String(f.ppr),
    tePremium: String(f.tePremium),
  })}`;

/** The filters an address carries (`?kind=rookie&qbFormat=SF`), each '' when not given. */
export function filtersFrom(search: URLSearchParams | string): Required<RankingFilters> {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const get = (k: string) => (p.get(k) ?? '').trim();
  return {
    kind: get('kind'),
    position: get('position'),
    qbFormat: get('qbFormat'),
    ppr: get('ppr'),
    tePremium: get('tePremium'),
  };
}

function Select({
  name,
  label,
  value,
  children,
  disabled,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  children: ReactNode;
  disabled?: boolean;
  onChange?: (value: string) => void;
}) {
  return (
    <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-700">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="input mt-1 disabled:opacity-50"
        disabled={disabled}
        onChange={onChange && ((e) => onChange(e.target.value))}
      >
        {children}
      </select>
    </label>
  );
}

/**
 * The format filters as a plain GET form, so they work before (and without) the page's script; with
 * it, the form navigates in place. `any` adds "Any" choices (the list); the consensus needs one format.
 */
export function FormatFilters({
  action,
  value,
  any,
}: {
  action: string;
  value: Required<RankingFilters>;
  any: boolean;
}) {
  const navigate = useNavigate();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (v !== '') q.set(k, String(v));
    const s = q.toString();
    navigate(s ? `${action}?${s}` : action);
  };
  const anyOption = any ? <option value="">Any</option> : null;
  const [kind, setKind] = useState(value.kind || 'overall');
  useEffect(() => setKind(value.kind || 'overall'), [value.kind]);
  return (
    <form
      method="get"
      action={action}
      onSubmit={submit}
      className="card mb-6 grid grid-cols-2 items-end gap-3 p-4 sm:grid-cols-3"
      aria-label="Filter rankings"
    >
      <Select name="kind" label="Kind" value={value.kind || (any ? '' : 'overall')} onChange={setKind}>
        {anyOption}
        {RANKING_KINDS.map((k) => (
          <option key={k} value={k}>
            {RANKING_KIND_NAMES[k]}
          </option>
        ))}
      </Select>
      {/* The consensus reads a position only for the by-position kind, where it defaults to QB;
          for another kind it is off (and, disabled, not sent). */}
      <Select
        name="position"
        label={any ? 'Position' : `Position (${RANKING_KIND_NAMES.position})`}
        value={value.position || (any ? '' : 'QB')}
        disabled={!any && kind !== 'position'}
      >
        {anyOption}
        {RANKING_POSITIONS.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </Select>
      <Select name="qbFormat" label="QB format" value={value.qbFormat || (any ? '' : 'SF')}>
        {anyOption}
        {QB_FORMATS.map((f) => (
          <option key={f} value={f}>
            {f === 'SF' ? 'Superflex' : '1QB'}
          </option>
        ))}
      </Select>
      <Select name="ppr" label="Scoring" value={value.ppr || (any ? '' : 'true')}>
        {anyOption}
        <option value="true">PPR</option>
        <option value="false">Standard</option>
      </Select>
      <Select name="tePremium" label="TE premium" value={value.tePremium || (any ? '' : 'false')}>
        {anyOption}
        <option value="true">Yes</option>
        <option value="false">No</option>
      </Select>
      <button type="submit" className="btn-primary">
        Show
      </button>
    </form>
  );
}
