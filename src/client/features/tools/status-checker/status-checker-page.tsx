import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/spinner.tsx';
import { ToolPage } from '../tool-page.tsx';

// The player search and the table are fetched only once an account is connected.
const PlayerLookup = lazy(() => import('./player-lookup.tsx'));

export function StatusCheckerPage() {
  return (
    <ToolPage
      title="Player Status Checker"
      intro="Pick a player to see, in every league you are in, whether he is a free agent, on your team, or whose."
      notConnected="Log in to MFL, or connect Sleeper, Fleaflicker or ESPN above, to search for a player."
    >
      {(c) => (
        <Suspense fallback={<Spinner label="Loading the player search" />}>
          <PlayerLookup connections={c} />
        </Suspense>
      )}
    </ToolPage>
  );
}
