import { type ReactNode, useId, useState } from 'react';
import { anyConnected, useConnections } from '#client/api/leagues.ts';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { ConnectionBar } from '#client/components/league-connect/service-connection.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { leagueTypeLabel, leagueTypes } from '#common/league-types.ts';
import type { Connections } from '#common/leagues.ts';

/**
 * A league tool's page: title, intro, the league connection header, and then the tool itself once at
 * least one account is connected (`notConnected` is shown until then).
 */
export function ToolPage({
  title,
  intro,
  notConnected,
  foldAccountsOnPhones,
  children,
}: {
  title: string;
  intro: ReactNode;
  notConnected: ReactNode;
  /**
   * Once an account is connected, phones show one line of accounts with a button that opens the
   * whole bar, so the tool's first answer is on the first screen.
   */
  foldAccountsOnPhones?: boolean;
  children: (connections: Connections) => ReactNode;
}) {
  usePageTitle(title);
  const connections = useConnections();
  const c = connections.data;
  const [unfolded, setUnfolded] = useState(false);
  const barId = useId();
  const fold = Boolean(foldAccountsOnPhones && c && anyConnected(c));
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">{title}</h1>
      <p className="mb-4 text-slate-600">{intro}</p>
      <section className="card mb-4 p-4" aria-label="Your accounts">
        {fold && c && (
          <div className="flex items-center gap-2 sm:hidden">
            <p className="min-w-0 flex-1 text-sm font-semibold text-field-900">
              <span className="mr-1.5 inline-block size-2 rounded-full bg-emerald-500" aria-hidden="true" />
              {leagueTypes
                .filter((s) => c[s].connected)
                .map((s) => leagueTypeLabel[s])
                .join(', ')}
            </p>
            <button
              type="button"
              className="btn-ghost px-3 py-1.5 text-sm"
              aria-expanded={unfolded}
              aria-controls={barId}
              onClick={() => setUnfolded((u) => !u)}
            >
              {unfolded ? 'Hide accounts' : 'Accounts'}
            </button>
          </div>
        )}
        <div id={barId} className={fold && !unfolded ? 'hidden sm:block' : fold ? 'mt-3 sm:mt-0' : ''}>
          <ConnectionBar connections={c} />
        </div>
      </section>
      <noscript>
        <p className="alert-error">
          The league tools read your leagues from this page's script: turn JavaScript on to connect your
          accounts.
        </p>
      </noscript>
      {connections.isPending && <Spinner label="Checking your connected accounts" />}
      {connections.isError && (
        <p className="alert-error" role="alert">
          {connections.error.message}
        </p>
      )}
      {/* Smaller than the intro: the page's largest text is then the server's, drawn with the
          document, not this line drawn once the visitor's accounts are known. */}
      {c && !anyConnected(c) && <p className="card p-6 text-sm text-slate-600">{notConnected}</p>}
      {c && anyConnected(c) && children(c)}
    </WithSidebar>
  );
}
