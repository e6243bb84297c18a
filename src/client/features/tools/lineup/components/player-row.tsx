import { useId } from 'react';
import { gameState, gameStatus, isLocked, type LineupPlayer, matchup } from '#common/lineup.ts';
import { ErrorIcon, LockIcon, WarningIcon } from './icons.tsx';

export interface PlayerRowProps {
  player: LineupPlayer;
  nowMs: number;
  bestball: boolean;
  onToggle: (playerId: string) => void;
  /** Why the last click on this row did nothing. */
  refusal?: string;
  /** Why this starter will not score (a bye, Out). */
  warning?: string;
}

const severe = new Set(['O', 'IR', 'SUS']);

function InjuryTag({ player }: { player: LineupPlayer }) {
  const injury = player.injuryStatus;
  if (!injury) return null;
  const tone =
    player.isOut || severe.has(injury.tag) ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900';
  const title = injury.details ? `${injury.status} (${injury.details})` : injury.status;
  return (
    <span className={`rounded px-1.5 py-px text-[11px] font-bold leading-4 ${tone}`} title={title}>
      <span aria-hidden="true">{injury.tag}</span>
      <span className="sr-only">{title}</span>
    </span>
  );
}

function StarterAlert({ player }: { player: LineupPlayer }) {
  if (!player.starter) return null;
  if (player.isOut) return <ErrorIcon label={`Starting but ${player.injuryStatus?.status ?? 'out'}`} />;
  if (player.isBye) return <ErrorIcon label="Starting but on a bye" />;
  if (player.injuryStatus) return <WarningIcon label={`Starting while ${player.injuryStatus.status}`} />;
  return null;
}

function GameStatus({ player, nowMs }: { player: LineupPlayer; nowMs: number }) {
  const state = gameState(player, nowMs);
  const text = gameStatus(player, nowMs);
  if (state.kind === 'live') {
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-emerald-700">
        <span className="size-1.5 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
        {text}
      </span>
    );
  }
  if (state.kind === 'final') return <span className="font-semibold text-slate-700">{text}</span>;
  if (state.kind === 'bye') return <span className="font-semibold text-amber-800">{text}</span>;
  return <span>{text}</span>;
}

const points = (n: number | null) => (n === null ? '—' : n.toFixed(1));

/**
 * One player: the whole row is the checkbox's label, so a click or tap anywhere toggles him, and the
 * checkbox itself takes Space from the keyboard. A refused toggle leaves the box as it was and says why.
 */
export function PlayerRow({ player, nowMs, bestball, onToggle, refusal, warning }: PlayerRowProps) {
  const id = useId();
  const locked = isLocked(player, nowMs);
  const played = locked && player.scheduleInfo !== null;
  const blocked = locked || bestball;
  const versus = matchup(player);
  return (
    <li className={player.starter ? 'bg-field-50' : 'bg-white'}>
      <label
        htmlFor={id}
        className={`grid cursor-pointer grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 px-3 py-2.5 hover:bg-field-100/60 sm:grid-cols-[auto_minmax(0,1fr)_11rem_4.5rem] ${blocked ? 'cursor-default' : ''}`}
        data-testid={`player-${player.id}`}
        data-game={gameState(player, nowMs).kind}
      >
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 cursor-pointer accent-field-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          checked={player.starter}
          aria-disabled={blocked || undefined}
          aria-label={`Start ${player.name}`}
          aria-describedby={refusal ? `${id}-why` : undefined}
          onChange={() => onToggle(player.id)}
        />
        <span className="min-w-0">
          <span className="flex min-w-0 items-center gap-1.5">
            {locked && <LockIcon label="Game started: locked" className="text-slate-600" />}
            <span
              className={`truncate font-semibold ${player.starter ? 'text-field-900' : 'text-slate-800'}`}
            >
              {player.name}
            </span>
            <InjuryTag player={player} />
            <StarterAlert player={player} />
          </span>
          <span className="mt-0.5 block truncate text-xs text-slate-600">
            {player.position} · {player.team}
            <span className="sm:hidden">
              {versus && ` · ${versus}`} · <GameStatus player={player} nowMs={nowMs} />
            </span>
          </span>
        </span>
        <span className="hidden min-w-0 text-xs leading-5 text-slate-600 sm:block">
          <span className="block truncate font-medium text-slate-700">{versus || '—'}</span>
          <span className="block truncate">
            <GameStatus player={player} nowMs={nowMs} />
          </span>
        </span>
        <span className="text-right">
          <span
            className={`block font-display text-lg leading-6 ${played ? 'text-field-900' : 'text-slate-600'}`}
          >
            {points(played ? (player.score ?? 0) : player.projectedScore)}
          </span>
          <span className="block text-[10px] font-semibold uppercase tracking-wide text-slate-600">
            {played ? 'Pts' : 'Proj'}
          </span>
        </span>
      </label>
      {warning && (
        <p className="px-3 pb-2 pl-11 text-xs font-semibold text-red-800" data-testid="row-warning">
          {warning} He scores nothing if he starts.
        </p>
      )}
      {refusal && (
        <p id={`${id}-why`} className="px-3 pb-2 pl-11 text-xs font-medium text-amber-800" role="status">
          {refusal}
        </p>
      )}
    </li>
  );
}
