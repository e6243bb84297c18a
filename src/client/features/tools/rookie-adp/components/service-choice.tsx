import { useId } from 'react';
import { ADP_SERVICE_NAMES, ADP_SERVICES, type AdpService } from '#common/rookie-adp.ts';

/** Whose rookie drafts the page shows: MFL or Sleeper, as two large radio buttons. */
export function ServiceChoice({
  value,
  onChange,
  disabled,
}: {
  value: AdpService;
  onChange: (service: AdpService) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="shrink-0" disabled={disabled}>
      <legend className="label">Drafts on</legend>
      <div className="flex w-full rounded-lg border border-slate-300 bg-white p-1 md:w-auto">
        {ADP_SERVICES.map((s) => (
          <label
            key={s}
            className="flex min-h-10 flex-1 cursor-pointer items-center justify-center rounded-md px-6 text-sm font-semibold text-slate-700 select-none hover:text-field-900 has-checked:bg-field-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-600 md:flex-none"
          >
            <input
              type="radio"
              name={name}
              value={s}
              className="sr-only"
              checked={value === s}
              onChange={() => onChange(s)}
            />
            {ADP_SERVICE_NAMES[s]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
