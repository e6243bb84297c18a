import { useId } from 'react';
import { CheckBox } from '#client/components/check-box.tsx';
import { LoadingRing } from '#client/components/spinner.tsx';
import {
  ADP_LEAGUE_SIZES,
  ADP_LEAGUE_TYPES,
  DEFAULT_RANGE_DAYS,
  TRI_STATE_OPTIONS,
  type TriState,
} from '#common/rookie-adp.ts';
import type { AdpFilterState } from '../url-state.ts';
import { DateRangePicker } from './date-range-picker.tsx';

interface AdpFiltersProps {
  value: AdpFilterState;
  onChange: (next: AdpFilterState) => void;
  onSubmit: () => void;
  loading: boolean;
  /** The submit checks that failed, in the spec's order. */
  problems: readonly string[];
  /** The dates are the default window, the reader's last 30 days (none in the address). */
  defaultDates?: boolean;
}

const toggle = <T,>(list: readonly T[], item: T, on: boolean, order: readonly T[]): T[] =>
  order.filter((x) => (x === item ? on : list.includes(x)));

/** PPR and IDP selects, size and type checkboxes, the draft dates and Get ADP. */
export function AdpFilters({ value, onChange, onSubmit, loading, problems, defaultDates }: AdpFiltersProps) {
  const id = useId();
  const select = (name: 'ppr' | 'idp', label: string) => (
    <div>
      <label className="label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        className="input"
        value={value[name]}
        onChange={(e) => onChange({ ...value, [name]: Number(e.target.value) as TriState })}
      >
        {TRI_STATE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      className="card p-4 sm:p-5"
      aria-label="ADP filters"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!loading) onSubmit();
      }}
    >
      <div className="grid grid-cols-2 gap-4 md:grid-cols-[9rem_9rem_minmax(0,1fr)]">
        {select('ppr', 'PPR')}
        {select('idp', 'IDP')}
        <div className="col-span-2 md:col-span-1">
          <span className="label" id={`${id}-dates`}>
            Draft dates
          </span>
          <DateRangePicker
            labelId={`${id}-dates`}
            startDate={value.startDate}
            endDate={value.endDate}
            onChange={(startDate, endDate) => onChange({ ...value, startDate, endDate })}
            beforeHydration={defaultDates ? `Last ${DEFAULT_RANGE_DAYS} days` : undefined}
          />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-x-8 gap-y-4">
        <fieldset>
          <legend className="label">League size</legend>
          <div className="flex gap-4 pt-1">
            {ADP_LEAGUE_SIZES.map((s) => (
              <CheckBox
                key={s}
                showLabel
                label={String(s)}
                checked={value.sizes.includes(s)}
                onChange={(on) => onChange({ ...value, sizes: toggle(value.sizes, s, on, ADP_LEAGUE_SIZES) })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="label">League type</legend>
          <div className="flex gap-4 pt-1">
            {ADP_LEAGUE_TYPES.map((t) => (
              <CheckBox
                key={t}
                showLabel
                label={t}
                checked={value.types.includes(t)}
                onChange={(on) => onChange({ ...value, types: toggle(value.types, t, on, ADP_LEAGUE_TYPES) })}
              />
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          className="btn-primary w-full sm:ml-auto sm:w-auto sm:min-w-36"
          disabled={loading}
        >
          {loading && <LoadingRing className="size-4 border-2 border-white/40 border-t-white" />}
          Get ADP
        </button>
      </div>
      {problems.length > 0 && (
        <ul
          className="alert-error mt-4 list-none space-y-0.5"
          role="alert"
          aria-label="Problems with the filter"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
