import type { RostershipRow } from '#common/rostership-rows.ts';

/** An out starter (lineup hole), an injured starter (at risk), or just the injury tag. */
export function InjuryFlag({ row }: { row: RostershipRow }) {
  if (row.isInactiveStarter)
    return (
      <span
        className="inline-flex items-center gap-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-800"
        title={`${row.injuryStatus ?? 'Out'} and in a starting lineup`}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <circle cx="6" cy="6" r="6" fill="currentColor" />
          <path d="M6 3v3.5M6 8.5v.01" stroke="white" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        {row.injuryStatus ?? 'Out'}
        <span className="hidden sm:inline"> · starting</span>
      </span>
    );
  if (row.isAtRiskStarter)
    return (
      <span
        className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900"
        title={`${row.injuryStatus} and in a starting lineup`}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M6 .8 11.5 11H.5z" fill="currentColor" />
          <path d="M6 4.5v3M6 9.2v.01" stroke="white" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
        {row.injuryStatus}
        <span className="hidden sm:inline"> · starting</span>
      </span>
    );
  if (row.injuryStatus)
    return (
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
        {row.injuryStatus}
      </span>
    );
  return null;
}
