import { LoadingRing } from '#client/components/spinner.tsx';
import { leagueKey } from '#common/league-plan.ts';
import { leagueTypeLabel } from '#common/league-types.ts';
import type { League } from '#common/leagues.ts';
import { FREE_AGENT, NOT_AVAILABLE, NOT_LISTED, statusText } from '#common/player-status-text.ts';
import type { RowState } from '../use-status-lookup.ts';

interface StatusTableProps {
  leagues: readonly League[];
  rows: ReadonlyMap<string, RowState>;
  onRetry: (leagues: League[]) => void;
}

function StatusCell({
  row,
  league,
  onRetry,
}: {
  row: RowState | undefined;
  league: League;
  onRetry: () => void;
}) {
  if (!row || row.state === 'loading')
    return (
      <span className="inline-flex items-center gap-2 text-slate-500">
        <LoadingRing className="size-3.5 border-2 border-field-100 border-t-field-700" />
        Checking…
      </span>
    );
  if (row.state === 'failed')
    return (
      <span className="flex flex-wrap items-center gap-2" data-testid="status-error">
        <span className="text-red-800">{row.error}</span>
        <button
          type="button"
          className="btn-ghost px-2.5 py-1 text-xs"
          onClick={onRetry}
          aria-label={`Retry ${league.name}`}
        >
          Retry
        </button>
      </span>
    );
  const s = row.result.playerStatus!;
  const tone =
    s.status === FREE_AGENT
      ? 'bg-emerald-100 text-emerald-900'
      : s.mine
        ? 'bg-field-100 text-field-900'
        : s.status === NOT_AVAILABLE || s.status === NOT_LISTED
          ? 'bg-slate-100 text-slate-600'
          : 'bg-gold-100 text-field-950';
  const linkText = s.status === FREE_AGENT ? 'Add' : s.mine ? 'Drop' : 'Open';
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span
        className={`rounded px-2 py-0.5 text-sm font-semibold break-normal ${tone}`}
        data-testid="status-badge"
      >
        {statusText(s, league.type)}
      </span>
      {s.addDropUrl && (
        <a href={s.addDropUrl} target="_blank" rel="noreferrer" className="text-sm font-semibold">
          {linkText}
        </a>
      )}
    </span>
  );
}

/** League and Status for every league; the league type is labelled MFL, Sleeper, Fleaflicker or ESPN. */
export function StatusTable({ leagues, rows, onRetry }: StatusTableProps) {
  return (
    <div className="overflow-x-auto">
      {/* Fixed columns so long team names wrap on a phone instead of pushing the table wide. */}
      <table className="data-table table-fixed" aria-label="Player status by league">
        <thead>
          <tr>
            <th scope="col" className="w-[46%]">
              League
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {leagues.map((l) => {
            const key = leagueKey(l);
            const row = rows.get(key);
            return (
              <tr key={key}>
                <td className="align-top break-words">
                  <a href={l.url} target="_blank" rel="noreferrer" className="font-semibold">
                    {l.name}
                  </a>
                  <span className="ml-2 inline-block whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {leagueTypeLabel[l.type]}
                  </span>
                  {l.account_label && (
                    <span className="ml-1 break-all text-xs text-slate-500" data-testid="league-account">
                      {l.account_label}
                    </span>
                  )}
                </td>
                <td>
                  <StatusCell row={row} league={l} onRetry={() => onRetry([l])} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
