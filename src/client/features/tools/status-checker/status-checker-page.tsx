import { lazy, Suspense } from 'react';
import { anyConnected, useConnections } from '#client/api/leagues.ts';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { ConnectionBar } from '#client/components/league-connect/service-connection.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';

// The search (react-select) and the table are fetched only once an account is connected.
const PlayerLookup = lazy(() => import('./player-lookup.tsx'));

export function Component() {
  usePageTitle('Player Status Checker');
  const connections = useConnections();
  const c = connections.data;
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Player Status Checker</h1>
      <p className="mb-4 text-slate-600">
        Pick a player to see, in every league you are in, whether he is a free agent, on your team, or whose.
      </p>
      <section className="card mb-4 p-4" aria-label="Your accounts">
        <ConnectionBar connections={c} />
      </section>
      {connections.isPending && <Spinner label="Checking your connected accounts" />}
      {connections.isError && (
        <p className="alert-error" role="alert">
          {connections.error.message}
        </p>
      )}
      {c && !anyConnected(c) && (
        <p className="card p-6 text-slate-600">
          Log in to MFL, or connect Sleeper or Fleaflicker above, to search for a player.
        </p>
      )}
      {c && anyConnected(c) && (
        <Suspense fallback={<Spinner label="Loading the player search" />}>
          <PlayerLookup connections={c} />
        </Suspense>
      )}
    </WithSidebar>
  );
}
