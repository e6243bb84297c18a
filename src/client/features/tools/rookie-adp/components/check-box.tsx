import * as Checkbox from '@radix-ui/react-checkbox';
import { useId } from 'react';

/** A labelled Radix checkbox in the site's colours; the whole label toggles it. */
export function CheckBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const id = useId();
  return (
    <span className="inline-flex items-center gap-1.5">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(v) => onChange(v === true)}
        className="flex size-5 shrink-0 items-center justify-center rounded border-2 border-field-700 bg-white data-[state=checked]:bg-field-700"
      >
        <Checkbox.Indicator>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path d="M2 6.5 5 9l5-6" stroke="white" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className="cursor-pointer select-none text-sm font-semibold text-slate-700">
        {label}
      </label>
    </span>
  );
}
