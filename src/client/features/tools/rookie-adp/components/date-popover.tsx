import * as Popover from '@radix-ui/react-popover';
import { useRef, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { fromIsoDate, toIsoDate } from '#common/rookie-adp.ts';
import Calendar from './calendar.tsx';

export interface DatePopoverProps {
  open: boolean;
  onClose: () => void;
  /** The dates button, which the picker opens under and gives focus back to. */
  button: React.RefObject<HTMLButtonElement | null>;
  id: string;
  /** YYYY-MM-DD, or '' when not set. */
  startDate: string;
  endDate: string;
  onChange: (startDate: string, endDate: string) => void;
}

const presets = [7, 30, 90, 180] as const;

function daysAgo(n: number): string {
  const now = new Date();
  return toIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
}

/**
 * The open draft date picker: the calendar (react-day-picker in a Radix popover under the dates
 * button), typed dates for keyboards and phones, and quick ranges. Loaded with the calendar when the
 * button is first pointed at, focused or clicked.
 */
export default function DatePopover({
  open,
  onClose,
  button,
  id,
  startDate,
  endDate,
  onChange,
}: DatePopoverProps) {
  const from = fromIsoDate(startDate);
  const to = fromIsoDate(endDate);
  const [month, setMonth] = useState<Date | undefined>(undefined);
  const selected: DateRange | undefined = from || to ? { from, to } : undefined;
  // A click or focus elsewhere closes the picker and leaves focus there; any other close gives it back
  // to the button.
  const outside = useRef(false);

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Popover.Anchor virtualRef={button} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          aria-label="Choose the draft dates"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          onInteractOutside={(e) => {
            // The button closes the picker itself when clicked.
            if (button.current?.contains(e.target as Node)) e.preventDefault();
            else outside.current = true;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!outside.current) button.current?.focus();
            outside.current = false;
          }}
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
