import { useEffect, useRef, useState } from 'react';
import type { RostershipRow } from '#common/rostership-rows.ts';

interface TopPlayersChartProps {
  rows: readonly RostershipRow[];
  /** How many bars. */
  limit?: number;
}

/** The element's width in CSS pixels, kept current as the layout changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Horizontal bars of the most-rostered players in the current view. Plain SVG drawn at the box's
 * own width, so the text keeps its size on a phone instead of shrinking with the picture.
 */
export function TopPlayersChart({ rows, limit = 10 }: TopPlayersChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const top = [...rows].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, limit);
  if (top.length === 0) return null;
  const max = Math.max(...top.map((r) => r.rosterRate), 1);
  const bar = 18;
  const gap = 7;
  const labelW = width < 480 ? 118 : 170;
  const valueW = 72;
  const plotW = Math.max(40, width - labelW - valueW);
  const height = top.length * (bar + gap);
  const maxChars = width < 480 ? 15 : 22;
  return (
    <figure className="m-0">
      <figcaption className="mb-2 text-sm font-semibold text-slate-700">
        Most rostered in this view
      </figcaption>
      <div ref={ref} className="w-full">
        {width > 0 && (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={`Most rostered: ${top.map((r) => `${r.name} ${r.rosterRate.toFixed(0)}%`).join(', ')}`}
          >
            {top.map((r, i) => {
              const y = i * (bar + gap);
              const w = Math.max(2, (r.rosterRate / max) * plotW);
              return (
                <g key={r.id} transform={`translate(0 ${y})`}>
                  <text
                    x={labelW - 8}
                    y={bar / 2}
                    dominantBaseline="middle"
                    textAnchor="end"
                    className="fill-slate-800 text-[13px]"
                  >
                    {r.name.length > maxChars ? `${r.name.slice(0, maxChars - 1)}…` : r.name}
                  </text>
                  <rect x={labelW} y={0} width={w} height={bar} rx={4} className="fill-field-700" />
                  <text
                    x={labelW + w + 6}
                    y={bar / 2}
                    dominantBaseline="middle"
                    className="fill-slate-700 text-[12px] font-semibold"
                  >
                    {r.rosterRate.toFixed(0)}% · {r.count}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
    </figure>
  );
}
