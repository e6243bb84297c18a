import type { ReactNode } from 'react';
import {
  TextAreaField as SharedTextAreaField,
  TextField as SharedTextField,
} from '#client/components/text-field.tsx';

/*
 * The admin forms' labelled fields. Each takes an id (for the label) and a plain value/onChange
 * pair; the forms hold the values.
 */

interface Base {
  id: string;
  label: string;
  hint?: ReactNode;
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  ) : null;
}

/** A text input (see the shared TextField: `limit` counts the characters against the schema's). */
export function TextField({
  id,
  label,
  hint,
  value,
  onChange,
  type = 'text',
  readOnly,
  ...rest
}: Base & {
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'number' | 'password' | 'url';
  placeholder?: string;
  readOnly?: boolean;
  /** The schema's limit: the field takes no more and counts toward it. */
  limit?: number;
  counterFrom?: number;
  countOf?: (value: string) => number;
  /** The browser's own cap, when it differs from `limit` (a handle's @ is not counted). */
  maxLength?: number;
  /** The problem the server found with the field, said beside it. */
  error?: string;
  /** A number field's bounds. */
  min?: number;
  max?: number;
  autoComplete?: string;
}) {
  return (
    <SharedTextField
      id={id}
      label={label}
      hint={hint}
      type={type}
      className={readOnly ? 'bg-slate-100 text-slate-600' : ''}
      value={value}
      readOnly={readOnly}
      onChange={onChange && ((e) => onChange(e.target.value))}
      {...rest}
    />
  );
}

/** A textarea, counted like TextField; past `limit` it says how many characters are too many. */
export function TextAreaField({
  id,
  label,
  hint,
  value,
  onChange,
  rows = 4,
  placeholder,
  mono,
  limit,
  counterFrom,
}: Base & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  placeholder?: string;
  mono?: boolean;
  limit?: number;
  counterFrom?: number;
}) {
  return (
    <SharedTextAreaField
      id={id}
      label={label}
      hint={hint}
      rows={rows}
      className={mono ? 'font-mono text-[13px] leading-relaxed' : ''}
      value={value}
      placeholder={placeholder}
      limit={limit}
      counterFrom={counterFrom}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
}: Base & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="rounded-md border border-slate-200 bg-field-50 px-2 py-2">
      {/* The label holds the box and its words: one target of at least 24 × 24 px (WCAG 2.5.8). */}
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800"
      >
        <span className="grid size-6 shrink-0 place-items-center">
          <input
            id={id}
            type="checkbox"
            className="size-4 cursor-pointer accent-field-700"
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
        </span>
        {label}
      </label>
      <div className="pl-8">
        <Hint id={id} hint={hint} />
      </div>
    </div>
  );
}

export function SelectField({
  id,
  label,
  hint,
  value,
  onChange,
  options,
  disabled,
}: Base & {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  disabled?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className={`input ${disabled ? 'bg-slate-100 text-slate-600' : ''}`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={id} hint={hint} />
    </div>
  );
}

/** Save, Undo changes (back to what was loaded) and Cancel, under every admin form. */
export function FormActions({
  saving,
  dirty,
  canSave,
  onReset,
  cancel,
  danger,
}: {
  saving: boolean;
  dirty: boolean;
  canSave: boolean;
  onReset: () => void;
  cancel: ReactNode;
  /** A delete button, kept apart from the others at the far end. */
  danger?: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 -mx-4 mt-2 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-6px_10px_-8px_rgba(0,0,0,0.25)] backdrop-blur sm:mx-0">
      <button type="submit" className="btn-primary" disabled={saving || !canSave}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      {/* Not "Reset": beside the user page's password reset, that read as one. */}
      <button type="button" className="btn-ghost" disabled={saving || !dirty} onClick={onReset}>
        Undo changes
      </button>
      {cancel}
      {dirty && !saving && (
        <span className="ml-auto text-xs font-semibold text-gold-800">Unsaved changes</span>
      )}
      {danger && <span className={dirty && !saving ? '' : 'ml-auto'}>{danger}</span>}
    </div>
  );
}
