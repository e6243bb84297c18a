import type { ReactNode } from 'react';
import { anyConnected, useConnections } from '#client/api/leagues.ts';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { ConnectionBar } from '#client/components/league-connect/service-connection.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import type { Connections } from '#common/leagues.ts';

/**
 * A league tool's page: title, intro, the league connection header, and then the tool itself once at
 * least one account is connected (`notConnected` is shown until then).
 */
export function ToolPage({
  title,
  intro,
  notConnected,
  children,
}: {
  title: string;
  intro: ReactNode;
  notConnected: ReactNode;
  children: (connections: Connections) => ReactNode;
}) {
  usePageTitle(title);
  const connections = useConnections();
  const c = connections.data;
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">{title}</h1>
      <p className="mb-4 text-slate-600">{intro}</p>
      <section className="card mb-4 p-4" aria-label="Your accounts">
        <ConnectionBar connections={c} />
      </section>
      {connections.isPending && <Spinner label="Checking your connected accounts" />}
      {connections.isError && (
        <p className="alert-error" role="alert">
          {connections.error.message}
        </p>
      )}
      {c && !anyConnected(c) && <p className="card p-6 text-slate-600">{notConnected}</p>}
      {c && anyConnected(c) && children(c)}
    </WithSidebar>
  );
}
