import { useState } from 'react';
import type { LeagueType } from '#common/leagues.ts';
import { ConnectModal } from './connect-modal.tsx';
import { serviceText } from './service-text.ts';

export interface ConnectButtonProps {
  service: LeagueType;
  className?: string;
  /** Runs after a successful connect instead of the page reload. */
  onConnected?: () => void;
}

/** A button that opens the service's connect (MFL: log in) modal. */
export function ConnectButton({ service, className = 'btn-primary', onConnected }: ConnectButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {serviceText[service].connect}
      </button>
      <ConnectModal service={service} open={open} onClose={() => setOpen(false)} onConnected={onConnected} />
    </>
  );
}
