import * as Checkbox from '@radix-ui/react-checkbox';
import { useId } from 'react';

interface CheckBoxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** Shows the label beside the box; otherwise it is only announced. */
  showLabel?: boolean;
  id?: string;
}

/**
 * A Radix checkbox in the site's colours; with showLabel, clicking the label (which holds the box)
 * toggles it too. The box is drawn at 20 px inside a 24 × 24 px target (WCAG 2.5.8).
 */
export function CheckBox({ checked, onChange, label, showLabel = false, id }: CheckBoxProps) {
  const ownId = useId();
  const boxId = id ?? ownId;
  const box = (
    <Checkbox.Root
      id={boxId}
      checked={checked}
      onCheckedChange={(v) => onChange(v === true)}
      aria-label={showLabel ? undefined : label}
      className="group grid size-6 shrink-0 place-items-center rounded"
    >
      <span className="flex size-5 items-center justify-center rounded border-2 border-field-700 bg-white group-data-[state=checked]:bg-field-700">
        <Checkbox.Indicator>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path d="M2 6.5 5 9l5-6" stroke="white" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
        </Checkbox.Indicator>
      </span>
    </Checkbox.Root>
  );
  if (!showLabel) return box;
  // The label holds the box, so the whole of it (at least 24 px high) is one tap target.
  return (
    <label
      htmlFor={boxId}
      className="inline-flex min-h-6 cursor-pointer items-center gap-1.5 select-none text-sm font-semibold text-slate-700"
    >
      {box}
      {label}
    </label>
  );
}
