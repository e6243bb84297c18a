import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '#client/components/spinner.tsx';
import type { AdpMonthsRequestInput } from '#common/rookie-adp.ts';
import { usePlayerMonths } from '../api/fetch-adp.ts';

// The months' chart is drawn only in an opened row: its code is asked for with the row's first
// opening, beside the months.
const loadChart = () => import('./months-chart.tsx');
const MonthsChart = lazy(() => loadChart().then((m) => ({ default: m.MonthsChart })));

/** An opened row: loads the player's months and draws them. */
export function PlayerMonths({
  request,
  name,
  position,
}: {
  request: AdpMonthsRequestInput;
  name: string;
  position: string;
}) {
  const query = usePlayerMonths(request);
  useEffect(() => void loadChart().catch(() => undefined), []);
  if (query.error)
    return (
      <p className="text-sm text-red-700" role="alert">
        {query.error.message}
      </p>
    );
  const loading = <Spinner label={`Loading ${name}'s months`} />;
  if (!query.data) return loading;
  return (
    <Suspense fallback={loading}>
      <MonthsChart answer={query.data} name={name} position={position} />
    </Suspense>
  );
}
