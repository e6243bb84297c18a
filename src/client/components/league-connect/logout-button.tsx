import { useLogout } from '#client/api/leagues.ts';
import type { LeagueType } from '#common/leagues.ts';
import { serviceText } from './service-text.ts';

export interface LogoutButtonProps {
  service: LeagueType;
  className?: string;
  /** Runs after logging out instead of the page reload. */
  onLoggedOut?: () => void;
}

/** Forgets the service's connection; a failure is shown beside the button. */
export function LogoutButton({ service, className = 'btn-ghost', onLoggedOut }: LogoutButtonProps) {
  const logout = useLogout(service, onLoggedOut);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={className} onClick={() => logout.mutate()} disabled={logout.isPending}>
        {serviceText[service].logout}
      </button>
      {logout.isError && (
        <span className="text-sm text-red-700" role="alert">
          Could not log out: {logout.error.message}
        </span>
      )}
    </span>
  );
}
