import { useConnections } from '#client/api/leagues.ts';
import { Link } from '#client/router/links.tsx';
import { type LeagueType, leagueTypes } from '#common/league-types.ts';
import type { Connections } from '#common/leagues.ts';
import { ConnectButton } from './connect-button.tsx';
import { LogoutButton } from './logout-button.tsx';
import { MflSharingControl } from './mfl-sharing.tsx';
import { serviceText } from './service-text.ts';

export interface ServiceConnectionProps {
  service: LeagueType;
  /** Answer of GET /api/connections when the page already has it; fetched otherwise. */
  connections?: Connections;
  className?: string;
}

/** "as …" after "connected": the account's name, or for ESPN (its leagues or member) in brackets. */
function who(service: LeagueType, c: Connections): string {
  if (service === 'espn') return c.espn.label ? ` (${c.espn.label})` : '';
  const name =
    service === 'sleeper' ? c.sleeper.username : service === 'flea' ? c.flea.email : c.mfl.username;
  return name ? ` as ${name}` : '';
}

/**
 * One service: its connect button, or "connected (as …)" with its logout button; for MFL, while the
 * visitor shares their drafts with Rookie ADP, a line that says so with a way to stop.
 */
export function ServiceConnection(props: ServiceConnectionProps) {
  const fetched = useConnections();
  const c = props.connections ?? fetched.data;
  if (props.service !== 'mfl' || !c) return <Connection {...props} />;
  return (
    <div className="flex flex-col gap-1">
      <Connection {...props} />
      <MflSharingControl connections={c} />
    </div>
  );
}

function Connection({ service, connections, className = '' }: ServiceConnectionProps) {
  const fetched = useConnections();
  const c = connections ?? fetched.data;
  const text = serviceText[service];
  if (!c) {
    return (
      <div className={`flex items-center gap-2 text-sm text-slate-500 ${className}`} aria-busy="true">
        {text.name}…
      </div>
    );
  }
  if (c.onAccount) return <SavedAccounts service={service} connections={c} className={className} />;
  if (!c[service].connected)
    return <ConnectButton service={service} className={`btn-primary ${className}`} />;

  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`} data-testid={`connected-${service}`}>
      <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-field-900">
        <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
        {text.name} connected{who(service, c)}
      </span>
      <LogoutButton service={service} className="btn-ghost px-3 py-1.5" />
    </div>
  );
}

export interface ConnectionBarProps {
  services?: readonly LeagueType[];
  connections?: Connections;
}

/** The connect/logout controls of several services in a row (every service by default). */
export function ConnectionBar({ services = leagueTypes, connections }: ConnectionBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      {services.map((s) => (
        <ServiceConnection key={s} service={s} connections={connections} />
      ))}
    </div>
  );
}

/**
 * A signed-in user's saved accounts of the service (kept on the site account, decision 022): their
 * labels, a button to connect another, and the account page where they are switched off or removed.
 */
function SavedAccounts({
  service,
  connections,
  className = '',
}: {
  service: LeagueType;
  connections: Connections;
  className?: string;
}) {
  const text = serviceText[service];
  const accounts = connections[service].accounts ?? [];
  if (accounts.length === 0)
    return <ConnectButton service={service} className={`btn-primary ${className}`} />;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`} data-testid={`connected-${service}`}>
      <span className="inline-flex min-w-0 items-center gap-1.5 text-sm font-semibold text-field-900 wrap-anywhere">
        <span className="size-2 shrink-0 rounded-full bg-emerald-500" aria-hidden="true" />
        {text.name}: {accounts.map((a) => a.label).join(', ')}
      </span>
      <ConnectButton service={service} className="btn-ghost px-3 py-1.5" label={`Add ${text.name} account`} />
      <Link to="/account#league-accounts" className="inline-flex min-h-6 items-center text-sm underline">
        Manage
      </Link>
    </div>
  );
}
