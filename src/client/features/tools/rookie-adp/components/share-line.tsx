import { DEFAULT_MIN_SHARE } from '#common/rookie-adp.ts';

/**
 * How many players the minimum share hides, with the control that shows them all, or (when all are
 * shown) the way back to the default minimum. Nothing when there is nothing to say.
 */
export function ShareLine({
  minShare,
  hidden,
  onChange,
  className = '',
}: {
  minShare: number;
  hidden: number;
  onChange: (minShare: number) => void;
  className?: string;
}) {
  if (minShare > 0 && hidden === 0) return null;
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 ${className}`}
      data-testid="adp-share-line"
    >
      {minShare > 0 ? (
        <>
          <span>
            {hidden} {hidden === 1 ? 'player' : 'players'} taken in fewer than {minShare}% of the drafts{' '}
            {hidden === 1 ? 'is' : 'are'} hidden.
          </span>
          <button type="button" className="btn-ghost min-h-8 px-3 py-1" onClick={() => onChange(0)}>
            Show all players
          </button>
        </>
      ) : (
        <>
          <span>Showing every player taken, however rarely.</span>
          <button
            type="button"
            className="btn-ghost min-h-8 px-3 py-1"
            onClick={() => onChange(DEFAULT_MIN_SHARE)}
          >
            Hide those under {DEFAULT_MIN_SHARE}%
          </button>
        </>
      )}
    </p>
  );
}
