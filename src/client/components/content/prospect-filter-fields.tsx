import { useId } from 'react';

export interface ProspectFilter {
  position: string;
  year: string;
}

/**
 * A prospect's position and class, each a select whose empty first choice leaves it out of the
 * filter: the /profiles form and the home page's Filter Prospects modal. A value the options lack
 * (from the address: a class with no profiles left) stays choosable. With `named`, the selects carry
 * their query names, so a plain form submits them before the page's script has loaded.
 */
export function ProspectFilterFields({
  value,
  onChange,
  positions,
  years,
  anyLabel,
  named = false,
}: {
  value: ProspectFilter;
  onChange: (next: ProspectFilter) => void;
  positions: string[];
  years: string[];
  /** The empty first choice's words for each select. */
  anyLabel: ProspectFilter;
  named?: boolean;
}) {
  const id = useId();
  const withCurrent = (list: string[], current: string) =>
    current && !list.includes(current) ? [current, ...list] : list;
  const field = (key: keyof ProspectFilter, label: string, options: string[]) => (
    <div>
      <label className="label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        name={named ? key : undefined}
        className="input"
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      >
        <option value="">{anyLabel[key]}</option>
        {withCurrent(options, value[key]).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {field('position', 'Position', positions)}
      {field('year', 'Class (Year)', years)}
    </>
  );
}
