import { useId } from 'react';

/**
 * One of a few choices as large radio buttons in a frame (the page's service, draft and kind
 * choices): a fieldset with its legend, the choices side by side, the chosen one filled.
 */
export function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
  disabled,
  testId,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const name = useId();
  return (
    <fieldset className="shrink-0" disabled={disabled} data-testid={testId}>
      <legend className="label">{legend}</legend>
      <div className="flex w-full rounded-lg border border-slate-300 bg-white p-1 md:w-auto">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-10 flex-1 cursor-pointer items-center justify-center rounded-md px-6 text-sm font-semibold text-slate-700 select-none hover:text-field-900 has-checked:bg-field-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-600 md:flex-none"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              className="sr-only"
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
