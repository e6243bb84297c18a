import { useEffect, useId, useState } from 'react';
import type { Combobox, ComboboxProps } from './combobox.tsx';
import { LoadingRing } from './spinner.tsx';

// Ariakit's combobox (about 24 KB gzipped) comes when the field is first pointed at, focused or
// typed into, or at once when it starts with a pick; the field itself draws at once.
let loaded: typeof Combobox | undefined;
let loading: Promise<typeof Combobox> | undefined;
const loadCombobox = () => {
  loading ??= import('./combobox.tsx').then((m) => {
    loaded = m.Combobox;
    return loaded;
  });
  return loading;
};

/**
 * The Combobox, its code loaded when first wanted. Until then a plain field of the same look and
 * label takes what is typed; the combobox then replaces it with that text, its matches open and the
 * caret where it was, and from there typing filters, arrow keys move, Enter picks and Escape closes.
 */
export function LazyCombobox<T>(props: ComboboxProps<T>) {
  const [Loaded, setLoaded] = useState(() => loaded);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const [clicked, setClicked] = useState(false);
  const ownId = useId();
  const id = props.id ?? ownId;
  const load = () => {
    if (!Loaded) void loadCombobox().then((c) => setLoaded(() => c));
  };
  const picked = props.value !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once a pick is there
  useEffect(() => {
    if (picked) load();
  }, [picked]);
  if (Loaded)
    return (
      <Loaded
        {...props}
        id={id}
        initialText={typed || undefined}
        focusOnMount={focused}
        openOnMount={focused && (clicked || typed !== '')}
      />
    );
  return (
    <div>
      <label htmlFor={id} className="label">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          // A combobox whose list has not opened yet: it opens once the combobox's code is here.
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          value={typed}
          placeholder={props.placeholder}
          aria-busy={props.loading || undefined}
          className="input h-11 pr-16 text-base sm:text-sm"
          onChange={(e) => {
            setTyped(e.target.value);
            load();
          }}
          onPointerEnter={load}
          onClick={() => setClicked(true)}
          onFocus={() => {
            setFocused(true);
            load();
          }}
          onBlur={() => setFocused(false)}
        />
        {props.loading && (
          <div className="absolute inset-y-0 right-1 flex items-center">
            <LoadingRing />
          </div>
        )}
      </div>
    </div>
  );
}
