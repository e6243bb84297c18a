import { Modal } from '#client/components/modal.tsx';
import { leagueKey } from '#common/league-plan.ts';
import { leagueTypeLabel } from '#common/league-types.ts';
import type { League } from '#common/leagues.ts';
import { positionAndTeam, type RostershipRow } from '#common/rostership-rows.ts';

interface PlayerLeaguesModalProps {
  player: RostershipRow | undefined;
  leagues: ReadonlyMap<string, League>;
  onClose: () => void;
}

/** Each league a player is on: its name, service, whether he starts there, and a link to it. */
export function PlayerLeaguesModal({ player, leagues, onClose }: PlayerLeaguesModalProps) {
  return (
    <Modal
      open={Boolean(player)}
      onClose={onClose}
      title={player ? [player.name, positionAndTeam(player)].filter(Boolean).join(' · ') : ''}
      footer={
        <button type="button" className="btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {player && (
        <>
          <p className="mb-3 text-sm text-slate-600">
            On {player.count === 1 ? '1 of your teams' : `${player.count} of your teams`} (
            {player.rosterRate.toFixed(2)}%), starting in {player.leagues.filter((l) => l.isStarter).length}.
            {player.injuryStatus ? ` Injury: ${player.injuryStatus}.` : ''}
          </p>
          <ul className="divide-y divide-slate-200" aria-label={`Leagues of ${player.name}`}>
            {[...player.leagues]
              .sort((a, b) => Number(b.isStarter) - Number(a.isStarter))
              .map((l) => {
                const league = leagues.get(leagueKey(l));
                return (
                  <li key={leagueKey(l)} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                    <span className="min-w-0 flex-1 font-semibold text-slate-900">
                      {league?.name ?? `League ${l.league_id}`}
                    </span>
                    <span className="text-xs uppercase tracking-wide text-slate-500">
                      {leagueTypeLabel[l.type]}
                    </span>
                    {(l.account ?? league?.account_label) && (
                      <span className="text-xs text-slate-500">{l.account ?? league?.account_label}</span>
                    )}
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${l.isStarter ? 'bg-field-100 text-field-900' : 'bg-slate-100 text-slate-600'}`}
                    >
                      {l.isStarter ? 'Starter' : 'Bench'}
                    </span>
                    {league?.url && (
                      <a
                        href={league.url}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex min-h-6 items-center text-sm font-semibold"
                        aria-label={`Open ${league.name}`}
                      >
                        Open league
                      </a>
                    )}
                  </li>
                );
              })}
          </ul>
        </>
      )}
    </Modal>
  );
}
