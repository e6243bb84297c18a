/* Small inline icons for the lineup rows; each carries its own accessible name. */

interface IconProps {
  label: string;
  className?: string;
}

export function LockIcon({ label, className = '' }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" className={`size-4 shrink-0 ${className}`} role="img" aria-label={label}>
      <title>{label}</title>
      <path
        fill="currentColor"
        d="M10 1.5a4.5 4.5 0 0 0-4.5 4.5v2H5a2 2 0 0 0-2 2v6.5a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2h-.5V6A4.5 4.5 0 0 0 10 1.5Zm2.5 6.5h-5V6a2.5 2.5 0 0 1 5 0v2Z"
      />
    </svg>
  );
}

export function ErrorIcon({ label, className = '' }: IconProps) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`size-4 shrink-0 text-red-600 ${className}`}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <circle cx="10" cy="10" r="8.5" fill="currentColor" />
      <path d="M6.5 6.5l7 7M13.5 6.5l-7 7" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function WarningIcon({ label, className = '' }: IconProps) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`size-4 shrink-0 text-amber-500 ${className}`}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <path fill="currentColor" d="M10 1.8 19 17.5H1L10 1.8Z" />
      <path d="M10 7v5" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14.6" r="1.1" fill="white" />
    </svg>
  );
}

export function ExternalIcon({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={`size-4 shrink-0 ${className}`} aria-hidden="true">
      <path
        d="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
