import {
  Combobox as AriakitCombobox,
  ComboboxItem,
  ComboboxLabel,
  ComboboxList,
  ComboboxProvider,
} from '@ariakit/react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { LoadingRing } from './spinner.tsx';

export interface ComboboxProps<T> {
  /** The visible label, also the field's accessible name. */
  label: string;
  /** The options matching what is typed, best first; at most `limit` of them are drawn. */
  search: (query: string) => readonly T[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** A key unique among the options. */
  getKey: (option: T) => string;
  /** An option's text: its accessible name, and what it shows unless `renderOption` is given. */
  getLabel: (option: T) => string;
  /** What the field shows once an option is picked (its label unless given). */
  getInputText?: (option: T) => string;
  renderOption?: (option: T) => ReactNode;
  /** The list's line when nothing matches; it is given what was typed (perhaps nothing). */
  emptyMessage: (query: string) => string;
  placeholder?: string;
  loading?: boolean;
  loadingMessage?: string;
  /** Options drawn at most, so the list stays quick however many the search finds. */
  limit?: number;
  id?: string;
  /**
   * What was typed before the combobox was drawn (in the field LazyCombobox draws while this code
   * loads): the field starts with it.
   */
  initialText?: string;
  /** Takes focus when drawn, the caret at the end (the visitor was in the field drawn before it). */
  focusOnMount?: boolean;
  /** Opens its list when drawn (the field drawn before it was clicked or typed into). */
  openOnMount?: boolean;
}

/**
 * A type-ahead that picks one option out of a long list, on Ariakit's combobox: the field has role
 * combobox and names the highlighted option of its listbox with aria-activedescendant, so focus stays
 * in the field. Typing filters (`search` finds the matches, the first `limit` are drawn); the first
 * option is highlighted whenever the list opens or changes; arrow keys move, Enter or a click picks,
 * Escape, Tab or a click elsewhere closes the list. The field then shows the pick again, and its
 * clear button drops it.
 *
 * The list opens below the field at the field's width, so it fits a 390 px phone as it does a
 * desktop. It is Ariakit's ComboboxList, not its floating ComboboxPopover, which would bring
 * Ariakit's dialog and popover code and Floating UI (18 KB more, gzipped) for a list that can simply
 * sit there; Escape and leaving the field close it here instead.
 */
export function Combobox<T>({
  label,
  search,
  value,
  onChange,
  getKey,
  getLabel,
  getInputText = getLabel,
  renderOption = getLabel,
  emptyMessage,
  placeholder,
  loading = false,
  loadingMessage = 'Loading…',
  limit = 50,
  id,
  initialText,
  focusOnMount = false,
  openOnMount = false,
}: ComboboxProps<T>) {
  const [text, setText] = useState(() => initialText ?? (value ? getInputText(value) : ''));
  const [open, setOpen] = useState(openOnMount);
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when first drawn
  useEffect(() => {
    const field = input.current;
    if (!focusOnMount || !field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);
  const list = useRef<HTMLDivElement>(null);
  const options = useMemo(() => search(text).slice(0, limit), [search, text, limit]);

  // The last pick, read when the list closes (the `value` prop only changes on the next render).
  const picked = useRef(value);
  const pickedKey = value ? getKey(value) : '';
  // A new pick shows in the field (the first one is there from the start, or what was typed is).
  const shownKey = useRef(pickedKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the pick, not on its object
  useEffect(() => {
    if (shownKey.current === pickedKey) return;
    shownKey.current = pickedKey;
    picked.current = value;
    setText(value ? getInputText(value) : '');
  }, [pickedKey]);

  const pick = (key: string) => {
    const option = key ? options.find((o) => getKey(o) === key) : undefined;
    if (key && !option) return;
    picked.current = option;
    setText(option ? getInputText(option) : '');
    onChange(option);
  };

  // Closing without a pick puts the last pick's text back; with none, what was typed stays.
  const show = (next: boolean) => {
    setOpen(next);
    if (!next && picked.current) setText(getInputText(picked.current));
  };

  const message = loading ? loadingMessage : options.length === 0 ? emptyMessage(text) : '';

  return (
    <ComboboxProvider
      inputValue={text}
      setInputValue={setText}
      selectedValue={pickedKey}
      setSelectedValue={(key) => pick(typeof key === 'string' ? key : '')}
      open={open}
      setOpen={show}
    >
      <ComboboxLabel className="label">{label}</ComboboxLabel>
      <div className="relative">
        <AriakitCombobox
          ref={input}
          id={id}
          autoSelect="always"
          placeholder={placeholder}
          aria-busy={loading || undefined}
          className="input h-11 pr-16 text-base sm:text-sm"
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) {
              e.preventDefault();
              show(false);
            }
          }}
          onBlur={(e) => {
            if (!list.current?.contains(e.relatedTarget)) show(false);
          }}
        />
        <div className="absolute inset-y-0 right-1 flex items-center gap-1">
          {loading && <LoadingRing />}
          {(value || text) && (
            <button
              type="button"
              className="flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={`Clear ${label}`}
              onClick={() => {
                pick('');
                setOpen(false);
                input.current?.focus();
              }}
            >
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                <path d="m3 3 8 8M11 3l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        <ComboboxList
          ref={list}
          aria-label={label}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto overscroll-contain rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {!loading &&
            options.map((o) => {
              const key = getKey(o);
              return (
                <ComboboxItem
                  key={key}
                  value={key}
                  setValueOnClick={false}
                  aria-label={getLabel(o)}
                  className="flex cursor-pointer items-center gap-2 px-3 py-2.5 text-base text-slate-900 sm:py-2 sm:text-sm data-[active-item]:bg-field-100"
                >
                  <span className="min-w-0 flex-1">{renderOption(o)}</span>
                  {key === pickedKey && (
                    <svg
                      width="14"
                      height="14"
                      viewBox="0 0 12 12"
                      className="shrink-0 text-field-700"
                      aria-hidden="true"
                    >
                      <path d="M2 6.5 5 9l5-6" stroke="currentColor" strokeWidth="2" fill="none" />
                    </svg>
                  )}
                </ComboboxItem>
              );
            })}
          {message && <p className="px-3 py-2 text-sm text-slate-600">{message}</p>}
        </ComboboxList>
      </div>
      {/* Read out the list's message, as there is no option to read then. */}
      <p className="sr-only" role="status">
        {open ? message : ''}
      </p>
    </ComboboxProvider>
  );
}
