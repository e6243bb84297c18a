import type { AdpMonthsAnswer } from '#common/rookie-adp.ts';
import { positionColour } from './position-colours.ts';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2025-07" → "Jul 2025". */
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The months from `from` to `to` (YYYY-MM), in order. */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/**
 * One player's ADP month by month: a point per month with drafts taking him, labelled with its ADP,
 * joined to the month before when that month has one too; earlier picks higher up. Hand-drawn SVG
 * (decision 015), placed in percentages so it stays sharp at any width.
 */
export function MonthsChart({
  answer,
  name,
  position,
}: {
  answer: AdpMonthsAnswer;
  name: string;
  position: string;
}) {
  const months = monthsBetween(answer.from, answer.to);
  const byMonth = new Map(answer.months.map((m) => [m.month, m]));
  const colour = positionColour(position);
  if (answer.months.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No draft matching these filters took {name} from {monthLabel(answer.from)} to {monthLabel(answer.to)}.{' '}
        {answer.note}
      </p>
    );
  const adps = answer.months.map((m) => m.adp);
  const [lo, hi] = [Math.min(...adps), Math.max(...adps)];
  const span = Math.max(hi - lo, 1);
  const x = (i: number) => `${4 + (i / Math.max(months.length - 1, 1)) * 92}%`;
  // Earlier picks (a lower ADP) higher up; the labels above each point need the top 20 %.
  const y = (adp: number) => `${22 + ((adp - lo) / span) * 58}%`;
  const summary = answer.months
    .map(
      (m) =>
        `${monthLabel(m.month)} ${m.adp.toFixed(1)} (${m.drafts} ${m.drafts === 1 ? 'draft' : 'drafts'})`,
    )
    .join(', ');
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-label={`${name}'s ADP by month: ${summary}`}
        className="h-36 w-full overflow-visible"
        data-testid="adp-months-chart"
      >
        {months.map((m, i) => (
          <line key={m} x1={x(i)} x2={x(i)} y1="15%" y2="85%" stroke="#e2e8f0" strokeWidth="1" />
        ))}
        {months.map((m, i) => {
          const here = byMonth.get(m);
          const before = i > 0 ? byMonth.get(months[i - 1]) : undefined;
          return here && before ? (
            <line
              key={`l${m}`}
              x1={x(i - 1)}
              y1={y(before.adp)}
              x2={x(i)}
              y2={y(here.adp)}
              stroke={colour}
              strokeWidth="2"
            />
          ) : null;
        })}
        {months.map((m, i) => {
          const here = byMonth.get(m);
          if (!here) return null;
          return (
            <g key={`p${m}`} data-month={m}>
              <circle cx={x(i)} cy={y(here.adp)} r="4" fill={colour} stroke="white" strokeWidth="1.5" />
              <svg x={x(i)} y={y(here.adp)} overflow="visible">
                <text y="-9" textAnchor="middle" className="fill-slate-700 text-[10px] font-semibold">
                  {here.adp.toFixed(1)}
                </text>
              </svg>
            </g>
          );
        })}
        {months.map((m, i) => (
          <text key={`t${m}`} x={x(i)} y="98%" textAnchor="middle" className="fill-slate-500 text-[10px]">
            {MONTH_NAMES[Number(m.slice(5, 7)) - 1]}
          </text>
        ))}
      </svg>
      <figcaption className="text-xs text-slate-500">
        {name}'s ADP by month, {monthLabel(answer.from)} to {monthLabel(answer.to)} (higher is earlier).{' '}
        {answer.note}
      </figcaption>
    </figure>
  );
}
