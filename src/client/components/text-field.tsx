import { type ReactNode, useEffect, useRef, useState } from 'react';

/*
 * The site's labelled text fields. Each may carry a hint, the problem the form or the server found
 * with it (said beside it, and the field marked invalid), and a length limit: the limit of the
 * shared schema the server checks, shown as a counter under the field.
 */

interface Limit {
  /** The most characters the field takes (the schema's limit). */
  limit?: number;
  /** The counter shows from this many characters on (0: always); for limits nobody nears. */
  counterFrom?: number;
  /** The characters that count, when not the whole value (a handle without its @). */
  countOf?: (value: string) => number;
}

interface FieldProps extends Limit {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Other elements that describe the field (a message the form shows once for all its fields). */
  describedBy?: string;
}

/** From this share of the limit on, the counter warns and says how many characters are left. */
export const WARN_SHARE = 0.9;

export type CountState = 'ok' | 'near' | 'full' | 'over';

/** How close `length` is to `max`. */
export function countState(length: number, max: number): CountState {
  if (length > max) return 'over';
  if (length === max) return 'full';
  return length >= Math.floor(max * WARN_SHARE) ? 'near' : 'ok';
}

const number = (n: number) => n.toLocaleString('en-US');
const counted = (n: number, noun: string) => `${number(n)} ${n === 1 ? noun : `${noun}s`}`;

/** The words a screen reader hears once typing pauses near the limit (nothing before that). */
export function countAnnouncement(length: number, max: number, noun = 'character'): string {
  switch (countState(length, max)) {
    case 'ok':
      return '';
    case 'near':
      return `${counted(max - length, noun)} left`;
    case 'full':
      return `Limit reached: ${counted(max, noun)}`;
    case 'over':
      return `${counted(length - max, noun)} too many`;
  }
}

const stateClass: Record<CountState, string> = {
  ok: 'text-slate-600',
  near: 'font-semibold text-amber-800',
  full: 'font-semibold text-amber-800',
  over: 'font-semibold text-red-700',
};

/** How long typing must pause before the count is announced. */
const ANNOUNCE_AFTER_MS = 700;

/**
 * "87 / 100" under a field: read with the field (it is part of its description) as "87 of 100
 * characters"; near the limit it turns to a warning with the characters left, and once typing
 * pauses there a polite live region says so. `noun` counts something else ("tag").
 */
export function CharacterCount({
  id,
  length,
  max,
  noun = 'character',
}: {
  id: string;
  length: number;
  max: number;
  noun?: string;
}) {
  const state = countState(length, max);
  const [announced, setAnnounced] = useState('');
  const first = useRef(true);
  useEffect(() => {
    // Only the visitor's typing is announced, not the value a form was loaded with.
    if (first.current) {
      first.current = false;
      return;
    }
    const t = window.setTimeout(() => setAnnounced(countAnnouncement(length, max, noun)), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(t);
  }, [length, max, noun]);
  const extra =
    state === 'near'
      ? ` · ${number(max - length)} left`
      : state === 'full'
        ? ' · limit reached'
        : state === 'over'
          ? ` · ${number(length - max)} too many`
          : '';
  return (
    <>
      <p
        id={id}
        className={`shrink-0 text-right text-xs tabular-nums ${stateClass[state]}`}
        data-testid="character-count"
        data-state={state}
      >
        <span aria-hidden="true">
          {number(length)} / {number(max)}
          {noun === 'character' ? '' : ` ${noun}s`}
          {extra}
        </span>
        <span className="sr-only">
          {number(length)} of {counted(max, noun)}
          {extra}
        </span>
      </p>
      <span className="sr-only" aria-live="polite">
        {announced}
      </span>
    </>
  );
}

/** The parts every field shares: the label, the control, then its problem, hint and counter. */
function Field({
  id,
  label,
  hint,
  error,
  limit,
  counterFrom = 0,
  countOf,
  describedBy: others,
  value,
  children,
}: FieldProps & {
  value: unknown;
  children: (control: { describedBy?: string; invalid?: true }) => ReactNode;
}) {
  const text = typeof value === 'string' ? value : String(value ?? '');
  const length = countOf ? countOf(text) : text.length;
  // The limit the counter shows, once the value is long enough to show it.
  const counted = limit !== undefined && length >= counterFrom ? limit : undefined;
  const over = limit !== undefined && length > limit;
  const describedBy = [error && `${id}-error`, others, hint && `${id}-hint`, counted && `${id}-count`]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children({ describedBy: describedBy || undefined, invalid: error || over ? true : undefined })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {(hint || counted !== undefined) && (
        <div className="mt-1 flex items-start justify-between gap-3">
          {hint ? (
            <p id={`${id}-hint`} className="min-w-0 text-xs text-slate-600">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {counted !== undefined && <CharacterCount id={`${id}-count`} length={length} max={counted} />}
        </div>
      )}
    </div>
  );
}

/**
 * A labelled input. With `limit` it takes at most that many characters (the browser stops there)
 * and counts them under the field.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  limit,
  counterFrom,
  countOf,
  describedBy,
  className = '',
  ...input
}: FieldProps & { className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      {...{ id, label, hint, error, limit, counterFrom, countOf, describedBy }}
      value={input.value ?? input.defaultValue ?? ''}
    >
      {({ describedBy, invalid }) => (
        <input
          id={id}
          className={`input ${className}`}
          maxLength={limit}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

/**
 * A labelled textarea, counted like TextField. It does not stop at `limit` (a pasted text is never
 * cut short): past it the counter says how many characters are too many and the field is marked
 * invalid.
 */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  limit,
  counterFrom,
  countOf,
  describedBy,
  className = '',
  ...textarea
}: FieldProps & { className?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      {...{ id, label, hint, error, limit, counterFrom, countOf, describedBy }}
      value={textarea.value ?? textarea.defaultValue ?? ''}
    >
      {({ describedBy, invalid }) => (
        <textarea
          id={id}
          className={`input resize-y ${className}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </Field>
  );
}
