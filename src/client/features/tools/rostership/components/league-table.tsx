import { CheckBox } from '#client/components/check-box.tsx';
import { LoadingRing } from '#client/components/spinner.tsx';
import { leagueKey } from '#common/league-plan.ts';
import { leagueTypeLabel } from '#common/league-types.ts';
import type { League, LeagueType } from '#common/leagues.ts';

export interface ServiceLeagues {
  service: LeagueType;
  leagues: League[];
  loading: boolean;
  error?: string;
}

interface LeagueTableProps {
  services: readonly ServiceLeagues[];
  inactive: ReadonlySet<string>;
  onToggle: (keys: string[], active: boolean) => void;
}

/**
 * Columns League, Platform, Active; all leagues start active (a visitor switches off the few to leave
 * out). The box shows about a dozen leagues before it scrolls (on a short screen, as many as fit in
 * three quarters of it).
 */
export function LeagueTable({ services, inactive, onToggle }: LeagueTableProps) {
  const all = services.flatMap((s) => s.leagues);
  const activeCount = all.filter((l) => !inactive.has(leagueKey(l))).length;
  return (
    <div
      className="max-h-[min(36rem,75vh)] overflow-auto rounded-md border border-slate-200"
      data-testid="league-list"
    >
      <table className="data-table" aria-label="Your leagues">
        <thead>
          <tr>
            <th scope="col" className="sticky top-0 z-10">
              League
            </th>
            <th scope="col" className="sticky top-0 z-10">
              Platform
            </th>
            <th scope="col" className="sticky top-0 z-10 w-24">
              <span className="flex items-center gap-2">
                <CheckBox
                  label="All leagues active"
                  checked={all.length > 0 && activeCount === all.length}
                  onChange={(on) => onToggle(all.map(leagueKey), on)}
                />
                Active
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {services.map((s) => {
            const label = leagueTypeLabel[s.service];
            if (s.loading)
              return (
                <tr key={s.service}>
                  <td colSpan={3} className="text-slate-500">
                    <span className="inline-flex items-center gap-2" role="status">
                      <LoadingRing />
                      Loading your {label} leagues…
                    </span>
                  </td>
                </tr>
              );
            if (s.error)
              return (
                <tr key={s.service}>
                  <td colSpan={3}>
                    <p className="alert-error" role="alert">
                      {label}: {s.error}
                    </p>
                  </td>
                </tr>
              );
            if (s.leagues.length === 0)
              return (
                <tr key={s.service}>
                  <td colSpan={3} className="text-slate-500">
                    No {label} leagues this season.
                  </td>
                </tr>
              );
            return s.leagues.map((l) => {
              const key = leagueKey(l);
              const active = !inactive.has(key);
              return (
                <tr key={key} className={active ? '' : 'text-slate-500'}>
                  <td className="font-medium">
                    <a
                      href={l.url}
                      target="_blank"
                      rel="noreferrer"
                      className={`inline-flex min-h-6 items-center ${active ? '' : 'text-slate-500'}`}
                    >
                      {l.name}
                    </a>
                  </td>
                  <td>
                    {label}
                    {l.account_label && (
                      <>
                        <span className="sr-only"> · </span>
                        {/* The saved account the league came from, on its own line: an e-mail never widens the table. */}
                        <span className="block break-all text-xs text-slate-500">{l.account_label}</span>
                      </>
                    )}
                  </td>
                  <td>
                    <CheckBox
                      label={`${l.name} active`}
                      checked={active}
                      onChange={(on) => onToggle([key], on)}
                    />
                  </td>
                </tr>
              );
            });
          })}
        </tbody>
      </table>
    </div>
  );
}
