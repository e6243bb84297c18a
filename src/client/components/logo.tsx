/** The Dynasty Forge mark: a shield with a football, and the word mark beside it. */
export function Logo({
  size = 40,
  withText = true,
  tone = 'light',
}: {
  size?: number;
  withText?: boolean;
  tone?: 'light' | 'dark';
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path
          d="M32 3 56 12v18c0 15-10 26-24 31C18 56 8 45 8 30V12Z"
          fill="#0d3b2e"
          stroke="#f5b82e"
          strokeWidth="1.5"
        />
        <path
          d="M32 9 50 16v14c0 11-7 20-18 25-11-5-18-14-18-25V16Z"
          fill="none"
          stroke="#f5b82e"
          strokeWidth="3"
        />
        <ellipse cx="32" cy="32" rx="13" ry="8" transform="rotate(-35 32 32)" fill="#f5b82e" />
        <path
          d="M27 36l10-8M29 30l2 2m1-5 2 2m-7 5 2 2"
          stroke="#0d3b2e"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {withText && (
        <span
          className={`font-display text-xl font-bold uppercase leading-none tracking-wider ${tone === 'light' ? 'text-white' : 'text-field-900'}`}
        >
          {/* The space makes the visible text the name links and screen readers use. */}
          Dynasty <span className="text-gold-500">Forge</span>
        </span>
      )}
    </span>
  );
}
