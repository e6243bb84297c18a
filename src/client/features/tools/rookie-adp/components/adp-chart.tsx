import { type AdpPlayer, formatAdp } from '#common/rookie-adp.ts';
import { type MarkerShape, positionColour, positionShape } from './position-colours.ts';

/** How many players the chart shows (the table has them all). */
export const CHART_PLAYERS = 30;

function ticksUpTo(max: number): number[] {
  const step = max <= 24 ? 4 : max <= 60 ? 10 : 20;
  const ticks = [1];
  for (let t = step; t <= max; t += step) ticks.push(t);
  return ticks;
}

/** The ADP marker at x (a percentage), centred on the strip's middle; SVG percentages need a nested svg to move a path. */
function Marker({ x, shape, colour }: { x: string; shape: MarkerShape; colour: string }) {
  const paint = { fill: colour, stroke: 'white', strokeWidth: 1.5 };
  if (shape === 'circle') return <circle data-marker={shape} cx={x} cy="50%" r="5" {...paint} />;
  const d = {
    square: 'M-4.5 -4.5h9v9h-9z',
    diamond: 'M0 -6.5L6.5 0L0 6.5L-6.5 0z',
    triangle: 'M0 -6L6 5H-6z',
  }[shape];
  return (
    <svg data-marker={shape} x={x} y="50%" overflow="visible">
      <path d={d} {...paint} />
    </svg>
  );
}

/**
 * Each rookie's ADP (the dot) and the earliest to latest pick he went at (the bar), best ADP first.
 * Plain SVG: positions are percentages of the strip, so it stays sharp at any width.
 */
export function AdpChart({ players }: { players: readonly AdpPlayer[] }) {
  const shown = players.slice(0, CHART_PLAYERS);
  if (shown.length === 0) return null;
  const maxPick = Math.max(...shown.map((p) => p.maxPick), 2);
  const x = (pick: number) => `${((pick - 1) / (maxPick - 1)) * 96 + 2}%`;
  const ticks = ticksUpTo(maxPick);
  return (
    <figure>
      <figcaption className="mb-3 text-xs text-slate-500">
        Marker: ADP (QB ●, RB ■, WR ◆, TE ▲) · bar: earliest to latest pick · best {shown.length} by ADP
      </figcaption>
      <div
        role="img"
        aria-label={`ADP and pick range of the top ${shown.length} rookies, from ${shown[0].name} at ${formatAdp(shown[0].adp)}`}
        className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] items-center gap-x-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]"
      >
        {shown.map((p) => (
          <div key={p.id} className="contents">
            <div className="truncate text-right text-xs text-slate-700">
              <span className="font-semibold" style={{ color: positionColour(p.position) }}>
                {p.position}
              </span>{' '}
              {p.name}
            </div>
            <svg className="h-5 w-full overflow-visible" aria-hidden="true">
              {ticks.map((t) => (
                <line key={t} x1={x(t)} x2={x(t)} y1="0" y2="100%" stroke="#e2e8f0" strokeWidth="1" />
              ))}
              <line
                x1={x(p.minPick)}
                x2={x(p.maxPick)}
                y1="50%"
                y2="50%"
                stroke={positionColour(p.position)}
                strokeOpacity="0.35"
                strokeWidth="6"
                strokeLinecap="round"
              />
              <Marker x={x(p.adp)} shape={positionShape(p.position)} colour={positionColour(p.position)} />
            </svg>
          </div>
        ))}
        <div />
        <svg className="mt-1 h-5 w-full overflow-visible" aria-hidden="true">
          {ticks.map((t) => (
            <text key={t} x={x(t)} y="14" textAnchor="middle" className="fill-slate-500 text-[10px]">
              {t}
            </text>
          ))}
        </svg>
        <div />
        <div className="text-center text-xs text-slate-500">Overall pick</div>
      </div>
    </figure>
  );
}
