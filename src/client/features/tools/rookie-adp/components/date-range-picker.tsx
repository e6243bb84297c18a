import { lazy, Suspense, startTransition, useId, useRef, useState } from 'react';
import { useHydrated } from '#client/lib/hydrated.ts';
import { formatMdy } from '#common/rookie-adp.ts';
import type { DatePopoverProps } from './date-popover.tsx';

interface DateRangePickerProps {
  /** The id of the visible label ("Draft dates"). */
  labelId: string;
  /** YYYY-MM-DD, or '' when not set. */
  startDate: string;
  endDate: string;
  onChange: (startDate: string, endDate: string) => void;
  /**
   * What the button says until the page is hydrated, when the dates are the default window (the
   * reader's today, which the server rendering the page does not know).
   */
  beforeHydration?: string;
}

// The picker's code (the Radix popover and the calendar: about 40 KB gzipped) comes when it is first
// wanted: the button pointed at, focused or clicked. The button itself is drawn at once.
let loaded: ((props: DatePopoverProps) => React.ReactNode) | undefined;
const loadPopover = () =>
  import('./date-popover.tsx').then((m) => {
    loaded = m.default;
    return m;
  });
const LazyPopover = lazy(loadPopover);
const preload = () => void loadPopover().catch(() => undefined);

/** The picker: at once when its code is here, else in its own boundary (its code could not be loaded). */
function Picker(props: DatePopoverProps) {
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPopover {...props} />
    </Suspense>
  );
}

/** About the open picker's height (calendar, typed dates, quick ranges, Done) and its gap to the button. */
const PICKER_HEIGHT = 500;

/**
 * Scrolls the page up just enough for the picker to open whole under its button, keeping the button
 * in sight below the site's sticky header: on a phone the button sits low and the picker would
 * otherwise open cut off.
 */
function makeRoomBelow(button: HTMLElement | null) {
  if (!button) return;
  const { top, bottom } = button.getBoundingClientRect();
  const lacking = PICKER_HEIGHT - (window.innerHeight - bottom);
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const scroll = Math.min(lacking, top - Math.max(header, 0) - 8);
  if (lacking > 0 && scroll > 0) window.scrollBy({ top: scroll, behavior: 'instant' });
}

/**
 * The draft date range: a button showing the dates opens a calendar, with typed dates for keyboards
 * and phones, and quick ranges (date-popover.tsx).
 */
export function DateRangePicker({
  labelId,
  startDate,
  endDate,
  onChange,
  beforeHydration,
}: DateRangePickerProps) {
  const hydrated = useHydrated();
  const valueId = useId();
  const pickerId = useId();
  const [open, setOpen] = useState(false);
  // Drawn from the first opening on, so that closing it keeps its closing focus rules.
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label =
    beforeHydration !== undefined && !hydrated
      ? beforeHydration
      : startDate || endDate
        ? `${startDate ? formatMdy(startDate) : '…'} – ${endDate ? formatMdy(endDate) : '…'}`
        : 'Pick dates';
  const close = () => startTransition(() => setOpen(false));
  // The picker opens once its code is here (on its way since the pointer came over), whole, so
  // nothing in it moves under the pointer.
  const toggle = () => {
    if (open) return close();
    const show = () => {
      makeRoomBelow(button.current);
      startTransition(() => {
        setOpened(true);
        setOpen(true);
      });
    };
    if (loaded) show();
    else loadPopover().then(show, show);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="input flex items-center justify-between gap-2 text-left"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={toggle}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? pickerId : undefined}
        data-state={open ? 'open' : 'closed'}
        aria-labelledby={`${labelId} ${valueId}`}
      >
        <span id={valueId} className="truncate tabular-nums">
          {label}
        </span>
        <svg
          width="16"
          height="16"
          viewBox="0 0 16 16"
          aria-hidden="true"
          className="shrink-0 text-field-700"
        >
          <rect
            x="1.5"
            y="3"
            width="13"
            height="11.5"
            rx="1.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
          <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {opened && (
        <Picker
          open={open}
          onClose={close}
          button={button}
          id={pickerId}
          startDate={startDate}
          endDate={endDate}
          onChange={onChange}
        />
      )}
    </>
  );
}
