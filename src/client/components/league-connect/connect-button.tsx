import { lazy, Suspense, useState } from 'react';
import type { LeagueType } from '#common/leagues.ts';
import { serviceText } from './service-text.ts';

// The dialog (Radix Dialog and the forms, about 18 KB gzipped) is fetched when the button is first
// pointed at, focused or clicked, not with the page: the button itself draws at once.
const loadModal = () => import('./connect-modal.tsx');
const ConnectModal = lazy(async () => ({ default: (await loadModal()).ConnectModal }));

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
  // Mounted from the first click on, so that closing it gives focus back as the dialog does.
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        aria-label={ariaLabel}
      >
        {label ?? serviceText[service].connect}
      </button>
      {used && (
        <Suspense fallback={null}>
          <ConnectModal
            service={service}
            open={open}
            onClose={() => setOpen(false)}
            onConnected={onConnected}
            initial={initial}
          />
        </Suspense>
      )}
    </>
  );
}
