/**
 * A value resting on too few trades: the estimate from startup ADP it counts at, marked "~" (the trade
 * calculator and a ranking's Trade value column show it the same way; the values page, which lists
 * values, says "too few trades" instead, decision 036).
 */
export function Estimate({ value }: { value: number }) {
  return (
    <span className="text-xs font-normal text-amber-700" title="Too few trades: an estimate from startup ADP">
      ~{Math.round(value)}
      <span className="sr-only"> (too few trades: an estimate from startup ADP)</span>
    </span>
  );
}
