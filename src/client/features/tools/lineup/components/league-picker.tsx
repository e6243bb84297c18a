import { useId } from 'react';
import type { League } from '#common/leagues.ts';
import { ArrowIcon } from './icons.tsx';

export interface LeaguePickerProps {
  leagues: League[];
  selectedId: string | undefined;
  onSelect: (leagueId: string) => void;
  /** The lineup or a login is loading: the arrows wait. */
  busy: boolean;
}

/**
 * Step through leagues with wrap-around arrows, or pick one from the list. With none selected (an
 * address naming a league that is not the visitor's) the list asks for one and the arrows start at
 * either end.
 */
export function LeaguePicker({ leagues, selectedId, onSelect, busy }: LeaguePickerProps) {
  const id = useId();
  const index = leagues.findIndex((l) => l.league_id === selectedId);
  const inert = busy || leagues.length <= 1;
  const step = (by: number) => {
    if (inert) return;
    const next =
      index < 0 ? (by > 0 ? 0 : leagues.length - 1) : (index + by + leagues.length) % leagues.length;
    onSelect(leagues[next].league_id);
  };
  const arrow = 'btn-ghost size-10 shrink-0 p-0';
  return (
    <div className="flex items-end gap-2">
      <button
        type="button"
        className={arrow}
        onClick={() => step(-1)}
        disabled={inert}
        aria-label="Previous league"
      >
        <ArrowIcon direction="left" />
      </button>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="label">
          League{' '}
          <span className="font-normal text-slate-500">
            ({index < 0 ? `${leagues.length} in all` : `${index + 1} of ${leagues.length}`})
          </span>
        </label>
        <select
          id={id}
          className="input h-10 truncate py-0"
          value={index < 0 ? '' : selectedId}
          onChange={(e) => onSelect(e.target.value)}
          disabled={leagues.length === 0}
        >
          {index < 0 && (
            <option value="" disabled>
              Choose a league
            </option>
          )}
          {leagues.map((l) => (
            <option key={l.league_id} value={l.league_id}>
              {l.account_label ? `${l.name} (${l.account_label})` : l.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={arrow}
        onClick={() => step(1)}
        disabled={inert}
        aria-label="Next league"
      >
        <ArrowIcon direction="right" />
      </button>
    </div>
  );
}
