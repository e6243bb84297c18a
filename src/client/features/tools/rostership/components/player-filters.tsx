import { useId } from 'react';
import { CheckBox } from '#client/components/check-box.tsx';

interface PlayerFiltersProps {
  positions: readonly string[];
  hidden: ReadonlySet<string>;
  onTogglePosition: (position: string, shown: boolean) => void;
  years: readonly number[];
  year: number | undefined;
  onYear: (year: number | undefined) => void;
  name: string;
  onName: (name: string) => void;
}

/** Position checkboxes (in the spec's order), a draft-year select and a name filter. */
export function PlayerFilters(props: PlayerFiltersProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <legend className="label mb-1.5">Positions</legend>
        {props.positions.map((p) => (
          <CheckBox
            key={p}
            label={p || 'No position'}
            showLabel
            checked={!props.hidden.has(p)}
            onChange={(on) => props.onTogglePosition(p, on)}
          />
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div>
          <label className="label" htmlFor={`${id}-year`}>
            Draft year
          </label>
          <select
            id={`${id}-year`}
            className="input"
            value={props.year ?? ''}
            onChange={(e) => props.onYear(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">All years</option>
            {props.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            id={`${id}-name`}
            className="input"
            type="search"
            placeholder="Filter by name"
            value={props.name}
            onChange={(e) => props.onName(e.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
