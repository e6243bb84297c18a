const views = [
  { id: 'table', label: 'Table' },
  { id: 'chart', label: 'Chart' },
] as const;

/** Table or chart of the same players. */
export function ViewSwitch({
  view,
  onChange,
  onWant,
}: {
  view: 'table' | 'chart';
  onChange: (view: 'table' | 'chart') => void;
  /** Pointed at or focused: a view may soon be chosen (its code can be loaded). */
  onWant?: () => void;
}) {
  return (
    <fieldset
      className="inline-flex rounded-md border border-slate-300 bg-white p-0.5"
      onPointerEnter={onWant}
      onFocus={onWant}
    >
      <legend className="sr-only">View</legend>
      {views.map((v) => (
        <button
          key={v.id}
          type="button"
          aria-pressed={view === v.id}
          onClick={() => onChange(v.id)}
          className="rounded px-3 py-1 text-sm font-semibold text-slate-600 hover:text-field-900 aria-pressed:bg-field-900 aria-pressed:text-white"
        >
          {v.label}
        </button>
      ))}
    </fieldset>
  );
}
