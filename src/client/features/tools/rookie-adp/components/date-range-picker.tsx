import * as Popover from '@radix-ui/react-popover';
import { lazy, Suspense, startTransition, useId, useRef, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { formatMdy, fromIsoDate, toIsoDate } from '#common/rookie-adp.ts';

interface DateRangePickerProps {
  /** The id of the visible label ("Draft dates"). */
  labelId: string;
  /** YYYY-MM-DD, or '' when not set. */
  startDate: string;
  endDate: string;
  onChange: (startDate: string, endDate: string) => void;
}

const presets = [7, 30, 90, 180] as const;

// The calendar's code comes when it is first wanted (pointer over or focus on the button).
type CalendarProps = Parameters<typeof import('./calendar.tsx').default>[0];
let loadedCalendar: ((props: CalendarProps) => React.ReactNode) | undefined;
const loadCalendar = () =>
  import('./calendar.tsx').then((m) => {
    loadedCalendar = m.default;
    return m;
  });
const LazyCalendar = lazy(loadCalendar);

/**
 * The calendar: at once when its code is here (the picker waits for it to open), else (its code could
 * not be loaded) in its own boundary, where a space of its size waits in the picker: never the page's
 * "Loading page", which would also lose the page's scroll. Chosen once per opening: it never remounts.
 */
function Calendar(props: CalendarProps) {
  const [Loaded] = useState(() => loadedCalendar);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<div className="h-[17.75rem]" aria-hidden="true" />}>
      <LazyCalendar {...props} />
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

function daysAgo(n: number): string {
  const now = new Date();
  return toIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
}

/**
 * The draft date range: a button showing the dates opens a calendar (react-day-picker in a Radix
 * popover), with typed dates for keyboards and phones, and quick ranges.
 */
export function DateRangePicker({ labelId, startDate, endDate, onChange }: DateRangePickerProps) {
  const valueId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const from = fromIsoDate(startDate);
  const to = fromIsoDate(endDate);
  const [month, setMonth] = useState<Date | undefined>(undefined);
  const selected: DateRange | undefined = from || to ? { from, to } : undefined;
  const label =
    startDate || endDate
      ? `${startDate ? formatMdy(startDate) : '…'} – ${endDate ? formatMdy(endDate) : '…'}`
      : 'Pick dates';

  return (
    // The picker opens once the calendar's code is here, whole, so nothing in it moves under the
    // pointer.
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) return startTransition(() => setOpen(false));
        const show = () => {
          makeRoomBelow(button.current);
          startTransition(() => setOpen(true));
        };
        // Opens once the calendar's code is here (it is on its way since the pointer came over).
        if (loadedCalendar) show();
        else loadCalendar().then(show, show);
      }}
    >
      <Popover.Trigger asChild>
        <button
          ref={button}
          type="button"
          className="input flex items-center justify-between gap-2 text-left"
          onPointerEnter={loadCalendar}
          onFocus={loadCalendar}
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
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Choose the draft dates"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          // Never taller than the room the screen leaves: what does not fit scrolls inside.
          className="z-50 max-h-(--radix-popover-content-available-height) w-[min(21rem,calc(100vw-1rem))] overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-3 shadow-xl"
        >
          <Calendar
            selected={selected}
            onSelect={(range) =>
              onChange(range?.from ? toIsoDate(range.from) : '', range?.to ? toIsoDate(range.to) : '')
            }
            month={month ?? to ?? from}
            onMonthChange={setMonth}
          />
          <div className="mt-2 grid grid-cols-2 gap-2">
            <label className="text-xs font-semibold text-slate-600">
              From
              <input
                type="date"
                className="input mt-0.5 px-2 py-1"
                value={startDate}
                onChange={(e) => onChange(e.target.value, endDate)}
              />
            </label>
            <label className="text-xs font-semibold text-slate-600">
              To
              <input
                type="date"
                className="input mt-0.5 px-2 py-1"
                value={endDate}
                onChange={(e) => onChange(startDate, e.target.value)}
              />
            </label>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-1.5">
            {presets.map((n) => (
              <button
                key={n}
                type="button"
                className="min-h-7 rounded-full border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:border-field-700 hover:text-field-800"
                onClick={() => {
                  onChange(daysAgo(n), daysAgo(0));
                  setMonth(undefined);
                }}
              >
                Last {n} days
              </button>
            ))}
            <button
              type="button"
              className="ml-auto min-h-7 px-1.5 text-xs font-semibold text-slate-500 underline-offset-2 hover:underline"
              onClick={() => onChange('', '')}
            >
              Clear
            </button>
          </div>
          <div className="mt-3 flex justify-end">
            <Popover.Close className="btn-primary px-3 py-1.5">Done</Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
