import { type ExtraKind, missingExtrasText } from '#common/extras.ts';

/** One quiet line naming the extras an answer had to leave out; nothing when none is missing. */
export function MissingExtras({
  missing,
  className = '',
}: {
  missing: readonly ExtraKind[];
  className?: string;
}) {
  const text = missingExtrasText(missing);
  if (!text) return null;
  return (
    <p className={`text-xs text-slate-500 ${className}`} data-testid="missing-extras">
      {text}
    </p>
  );
}
