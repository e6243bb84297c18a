import { useEffect, useMemo } from 'react';
import { useServiceLeagues } from '#client/api/leagues.ts';
import { useSearchParams } from '#client/router/router.tsx';
import { leagueTypes } from '#common/league-types.ts';
import type { Connections, LeaguePlayer } from '#common/leagues.ts';
import { FREE_AGENT } from '#common/player-status-text.ts';
import { MissingExtras } from '../missing-extras.tsx';
import { usePlayers } from './api/players.ts';
import { PlayerSelect } from './components/player-select.tsx';
import { StatusTable } from './components/status-table.tsx';
import { useStatusLookup } from './use-status-lookup.ts';

/** The player search and the status table, for a visitor with at least one connected account. */
export default function PlayerLookup({ connections }: { connections: Connections }) {
  const players = usePlayers(true);
  // The chosen player lives in the address (?player=<id>), so the site search and a shared link
  // can open the checker with him chosen.
  const [params, setParams] = useSearchParams();
  const chosenId = params.get('player') ?? undefined;
  const list = players.data?.players;
  const player = useMemo(
    () => (chosenId ? list?.find((p) => p.id === chosenId) : undefined),
    [chosenId, list],
  );
  const setPlayer = (p: LeaguePlayer | undefined) => {
    const next = new URLSearchParams(params);
    if (p) next.set('player', p.id);
    else next.delete('player');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const { rows, lookUp, retry } = useStatusLookup();
  const queries = useServiceLeagues(connections);
  const connected = leagueTypes.filter((s) => connections[s].connected);
  const leaguesLoading = connected.some((s) => queries[s].isPending);
  const leagueErrors = connected.filter((s) => queries[s].error).map((s) => queries[s].error!.message);
  const leagues = connected.flatMap((s) => queries[s].data ?? []);
  const leagueIds = leagues.map((l) => `${l.type}:${l.league_id}`).join(',');

  // Selecting a player looks him up in every league at once (no button), once the leagues are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the league ids, not the array
  useEffect(() => {
    if (player && !leaguesLoading) lookUp(player, leagues);
  }, [player, leaguesLoading, leagueIds, lookUp]);

  const done = [...rows.values()].filter((r) => r.state !== 'loading').length;
  const free = [...rows.values()].filter(
    (r) => r.state === 'done' && r.result.playerStatus?.status === FREE_AGENT,
  ).length;

  return (
    <>
      <section className="card mb-4 p-4">
        <PlayerSelect
          players={players.data?.players ?? []}
          loading={players.isPending}
          value={player}
          onChange={setPlayer}
        />
        <MissingExtras missing={players.data?.missing ?? []} className="mt-2" />
        {chosenId && list && !player && (
          <p className="alert-error mt-2" role="alert">
            The player in this link is not in the player list. Search for him by name.
          </p>
        )}
        {players.isError && (
          <p className="alert-error mt-2" role="alert">
            Could not load the player list: {players.error.message}
          </p>
        )}
      </section>
      {leagueErrors.map((e) => (
        <p key={e} className="alert-error mb-3" role="alert">
          {e}
        </p>
      ))}
      {player && (
        <section className="card p-4" aria-labelledby="status-title">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="status-title" className="section-title">
              {player.name}
              <span className="ml-2 text-base font-semibold normal-case tracking-normal text-slate-500">
                {player.position} · {player.team}
              </span>
            </h2>
            <span className="text-sm text-slate-600" aria-live="polite">
              {leaguesLoading
                ? 'Loading your leagues…'
                : done < leagues.length
                  ? `Checked ${done} of ${leagues.length} leagues`
                  : `Free agent in ${free} of ${leagues.length} ${leagues.length === 1 ? 'league' : 'leagues'}`}
            </span>
          </div>
          {leagues.length === 0 && !leaguesLoading ? (
            <p className="text-slate-600">Your connected accounts have no leagues this season.</p>
          ) : (
            <>
              <StatusTable leagues={leagues} rows={rows} onRetry={retry} />
              <MissingExtras
                className="mt-2"
                missing={[...rows.values()].flatMap((r) =>
                  r.state === 'done' ? (r.result.missing ?? []) : [],
                )}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
