import { groupStarters, type LineupGroup, type LineupPlayer } from '#common/lineup.ts';
import { PlayerRow } from './player-row.tsx';

export interface PositionGroupProps {
  groupKey: string;
  group: LineupGroup;
  nowMs: number;
  bestball: boolean;
  onToggle: (playerId: string) => void;
  refusal?: { playerId: string; message: string };
  /** Warnings by player id (a starter on a bye or Out). */
  warnings?: ReadonlyMap<string, string>;
  /** The group's own warning: a slot only a player on a bye could fill. */
  slotWarning?: string;
}

/** A position group: its name and limit, then its players. Combined groups read "DT / DE". */
export function PositionGroup({
  groupKey,
  group,
  nowMs,
  bestball,
  onToggle,
  refusal,
  warnings,
  slotWarning,
}: PositionGroupProps) {
  const label = groupKey.split('+').join(' / ');
  const headingId = `group-${groupKey.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 first:border-t-0">
      <header className="flex items-center justify-between gap-3 bg-field-900 px-3 py-1.5 text-white">
        <h3 id={headingId} className="font-display text-base font-bold uppercase tracking-wider">
          {label}
        </h3>
        <p className="text-xs text-field-100">
          <span className="font-semibold text-white">{groupStarters(group)}</span> starting · Limit{' '}
          <span className="font-semibold text-gold-500">{String(group.limit)}</span>
        </p>
      </header>
      {slotWarning && (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs font-semibold text-amber-900">
          {slotWarning}
        </p>
      )}
      {group.players.length === 0 ? (
        <p className="px-3 py-3 text-sm text-slate-500">No {label} on your roster.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {group.players.map((p: LineupPlayer) => (
            <PlayerRow
              key={p.id}
              player={p}
              nowMs={nowMs}
              bestball={bestball}
              onToggle={onToggle}
              refusal={refusal?.playerId === p.id ? refusal.message : undefined}
              warning={warnings?.get(p.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
