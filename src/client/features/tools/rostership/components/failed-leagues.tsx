import { leagueKey } from '#common/league-plan.ts';
import { leagueTypeLabel } from '#common/league-types.ts';
import type { League } from '#common/leagues.ts';
import type { LeagueFailure } from '../use-rostership-load.ts';

interface FailedLeaguesProps {
  failed: readonly LeagueFailure[];
  retrying: readonly string[];
  onRetry: (leagues: League[]) => void;
}

/** One row per league that could not be read, with the service's words and a Retry. */
export function FailedLeagues({ failed, retrying, onRetry }: FailedLeaguesProps) {
  if (failed.length === 0) return null;
  const busy = new Set(retrying);
  return (
    <section
      className="rounded-lg border border-red-200 bg-red-50/60 p-3"
      aria-labelledby="failed-leagues-title"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="failed-leagues-title" className="text-sm font-bold text-red-900">
          {failed.length === 1 ? '1 league could not be read' : `${failed.length} leagues could not be read`}
        </h3>
        {failed.length > 1 && (
          <button
            type="button"
            className="btn-ghost px-3 py-1 text-xs"
            onClick={() => onRetry(failed.map((f) => f.league))}
            disabled={failed.every((f) => busy.has(leagueKey(f.league)))}
          >
            Retry all
          </button>
        )}
      </div>
      <ul className="divide-y divide-red-100">
        {failed.map(({ league, error }) => {
          const key = leagueKey(league);
          return (
            <li
              key={key}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5 text-sm"
              data-testid="failed-league"
            >
              <span className="font-semibold text-slate-900">{league.name}</span>
              <span className="text-xs uppercase tracking-wide text-slate-500">
                {leagueTypeLabel[league.type]}
              </span>
              <span className="min-w-0 flex-1 text-red-800">{error}</span>
              <button
                type="button"
                className="btn-ghost px-3 py-1 text-xs"
                onClick={() => onRetry([league])}
                disabled={busy.has(key)}
                aria-label={`Retry ${league.name}`}
              >
                {busy.has(key) ? 'Retrying…' : 'Retry'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
