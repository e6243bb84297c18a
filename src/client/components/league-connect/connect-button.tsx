import { useState } from 'react';
import type { LeagueType } from '#common/leagues.ts';
import { ConnectModal } from './connect-modal.tsx';
import { serviceText } from './service-text.ts';

export interface ConnectButtonProps {
  service: LeagueType;
  className?: string;
  /** Runs after a successful connect instead of the page reload. */
  onConnected?: () => void;
  /** The button's words, when not the service's own "connect" (e.g. "Log in again"). */
  label?: string;
  /** Its accessible name, when the words alone do not say which account. */
  ariaLabel?: string;
  /** Fields the form starts with (the MFL user name of an account to log in again). */
  initial?: Record<string, string>;
}

/** A button that opens the service's connect (MFL: log in) modal. */
export function ConnectButton({
  service,
  className = 'btn-primary',
  onConnected,
  label,
  ariaLabel,
  initial,
}: ConnectButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {label ?? serviceText[service].connect}
      </button>
      <ConnectModal
        service={service}
        open={open}
        onClose={() => setOpen(false)}
        onConnected={onConnected}
        initial={initial}
      />
    </>
  );
}
