import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError } from '#client/api/http.ts';
import { hasOwnTeam, useConnections, useLeagues, useLeagueWritesUnderWay } from '#client/api/leagues.ts';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { ConnectButton } from '#client/components/league-connect/connect-button.tsx';
import { ServiceConnection } from '#client/components/league-connect/service-connection.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { useNavigate, useParams } from '#client/router/router.tsx';
import { pathFor } from '#common/routes.ts';
import { mflRef, useLineup } from './api/lineup.ts';
import { LeaguePicker } from './components/league-picker.tsx';
import { useServiceClock } from './use-service-clock.ts';

// The editor (its rows, the submit and its dialogs) is fetched while the league's lineup is asked
// for, not with the page.
const loadEditor = () => import('./components/lineup-editor.tsx');
const LineupEditor = lazy(async () => ({ default: (await loadEditor()).LineupEditor }));

export function LineupPage() {
  usePageTitle('Lineup');
  const connections = useConnections();
  const connected = connections.data?.mfl.connected ?? false;
  return (
    <WithSidebar>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="max-w-2xl">
          <h1 className="page-title mb-1">Lineup</h1>
          <p className="text-slate-600">
            This week's lineup in each of your MFL leagues, with projections, injuries, byes and live scores;
            changes go straight to MFL.
          </p>
        </div>
        {connected && <ServiceConnection service="mfl" connections={connections.data} />}
      </div>
      {connections.isPending ? (
        <Spinner label="Checking your MFL login" />
      ) : connections.isError ? (
        <p className="alert-error" role="alert">
          {connections.error.message}
        </p>
      ) : connected ? (
        <MflLineups />
      ) : (
        <section className="card flex flex-col items-start gap-3 p-6">
          <h2 className="section-title">Set your MFL lineups</h2>
          <p className="max-w-prose text-sm text-slate-600">
            Log in to MyFantasyLeague to see your teams' lineups and change them here.
          </p>
          <ConnectButton service="mfl" />
        </section>
      )}
    </WithSidebar>
  );
}

/**
 * The league selector and the selected league's lineup. The address names the league
 * (/tools/lineup/:leagueId), so a league can be bookmarked and Back returns to the previous one.
 */
function MflLineups() {
  const params = useParams<{ leagueId?: string }>();
  const navigate = useNavigate();
  const leaguesQuery = useLeagues('mfl', true);
  const leagues = (leaguesQuery.data ?? []).filter(hasOwnTeam);
  // The week chosen for this league; undefined is the current week. Another league starts over.
  const [weekChoice, setWeekChoice] = useState<{ leagueId: string; week: number }>();

  // Without a league in the address, the first one; a league id that is not the visitor's, none.
  const league = params.leagueId ? leagues.find((l) => l.league_id === params.leagueId) : leagues[0];
  const firstId = params.leagueId ? undefined : leagues[0]?.league_id;

  // /tools/lineup shows the first league under its own address.
  useEffect(() => {
    if (firstId) navigate(pathFor('LeagueLineup', { leagueId: firstId }), { replace: true });
  }, [firstId, navigate]);

  const select = (leagueId: string) => navigate(pathFor('LeagueLineup', { leagueId }));

  const week = weekChoice && weekChoice.leagueId === league?.league_id ? weekChoice.week : undefined;
  const lineup = useLineup(league ? mflRef(league) : undefined, week);
  const leagueChosen = Boolean(league);
  useEffect(() => {
    if (leagueChosen) void loadEditor();
  }, [leagueChosen]);
  const nowMs = useServiceClock(lineup.data?.now, lineup.dataUpdatedAt);
  // A league login or logout under way, or the league list still coming: the arrows wait.
  const connecting = useLeagueWritesUnderWay();
  const loginBusy = leaguesQuery.isFetching || connecting > 0;

  if (leaguesQuery.isPending) return <Spinner label="Loading your MFL leagues" />;
  if (leaguesQuery.isError) {
    return (
      <p className="alert-error" role="alert">
        {leaguesQuery.error.message}
      </p>
    );
  }
  if (!league && leagues.length > 0) {
    return (
      <div className="flex flex-col gap-4">
        <div className="card p-4">
          <LeaguePicker leagues={leagues} selectedId={undefined} onSelect={select} busy={loginBusy} />
        </div>
        <p className="alert-error" role="alert" data-testid="unknown-league">
          None of your MFL leagues has the id {params.leagueId}. The link may be to someone else's league, or
          to a league you have left. Choose one of your leagues above.
        </p>
      </div>
    );
  }
  if (!league) {
    return (
      <p className="card p-6 text-slate-600">
        MFL lists no leagues with a team of yours this season. Once you own a team in an MFL league, its
        lineup shows up here.
      </p>
    );
  }

  const expired = lineup.error instanceof ApiError && lineup.error.status === 401;
  return (
    <div className="flex flex-col gap-4">
      <div className="card p-4">
        <LeaguePicker
          leagues={leagues}
          selectedId={league.league_id}
          onSelect={select}
          busy={lineup.isLoading || loginBusy}
        />
      </div>
      {lineup.isLoading ? (
        <Spinner label="Loading lineup" />
      ) : lineup.isError ? (
        <div className="alert-error flex flex-wrap items-center justify-between gap-3" role="alert">
          <span>{lineup.error.message}</span>
          {expired ? (
            <ConnectButton service="mfl" className="btn-primary" />
          ) : (
            <button type="button" className="btn-ghost" onClick={() => lineup.refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : lineup.data ? (
        <Suspense fallback={<Spinner label="Loading lineup" />}>
          <LineupEditor
            key={`${league.league_id}:${lineup.data.week}`}
            league={league}
            info={lineup.data}
            onWeek={(w) => setWeekChoice({ leagueId: league.league_id, week: w })}
            nowMs={nowMs}
            refreshing={lineup.isFetching}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
