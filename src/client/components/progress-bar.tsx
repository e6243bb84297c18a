interface ProgressBarProps {
  done: number;
  total: number;
  label?: string;
}

/** "14 of 40 leagues" with a bar; announced politely as it moves. */
export function ProgressBar({ done, total, label = 'leagues' }: ProgressBarProps) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="flex items-center gap-3" aria-live="polite">
      <div
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-field-100"
        role="progressbar"
        aria-label="Leagues loaded"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} ${label}`}
      >
        <div
          className="h-full rounded-full bg-field-700 transition-[width] duration-300"
          style={{ width: `${pct}%` }}
        />
      </div>
      <span className="shrink-0 text-sm font-semibold text-field-900 tabular-nums">
        {done} of {total} {label}
      </span>
    </div>
  );
}
