import { type KeyboardEvent, type PointerEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Combobox } from '#client/components/combobox.tsx';
import type { LeaguePlayer } from '#common/leagues.ts';
import { searchable, searchPlayers } from '#common/player-search.ts';
import { RANKING_LIMITS } from '#common/rankings.ts';

/*
 * A ranking's board in the editor: the players in order, each with a tier and a note. A row moves by
 * dragging its handle (mouse, pen or finger: pointer events, so it works on a phone) or from the
 * keyboard on the same handle (arrow keys one place, Home and End to the ends); each move is said in
 * a live region, so a screen reader hears where the player went.
 */

/** A board row as the editor holds it. */
export interface BoardRow {
  playerId: string;
  name: string;
  position: string;
  team: string;
  tier: number;
  note: string;
}

/** A player the board can take: the site's player list and its prospects. */
export type BoardPlayer = Pick<LeaguePlayer, 'id' | 'name' | 'position' | 'team'>;

const SHOWN = 50;

/** Moves the row at `from` to `to`, the others closing up. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, row);
  return next;
}

export function RankingBoard({
  rows,
  onChange,
  players,
  loadingPlayers,
  problems,
  disabled,
}: {
  rows: BoardRow[];
  onChange: (rows: BoardRow[]) => void;
  players: readonly BoardPlayer[];
  loadingPlayers: boolean;
  /** Problems by field path (`entries/3/tier`), said beside their row. */
  problems: ReadonlyMap<string, string>;
  disabled: boolean;
}) {
  const [said, setSaid] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  // Each pick empties the field for the next name: the field is drawn anew.
  const [picks, setPicks] = useState(0);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const handles = useRef<(HTMLButtonElement | null)[]>([]);
  const helpId = useId();
  const onBoard = useMemo(() => new Set(rows.map((r) => r.playerId)), [rows]);
  const list = useMemo(() => searchable(players as LeaguePlayer[]), [players]);
  const search = useCallback(
    (q: string) => searchPlayers(list, q, SHOWN).filter((p) => !onBoard.has(p.id)),
    [list, onBoard],
  );

  const move = (from: number, to: number, how: 'key' | 'drop') => {
    if (to < 0 || to >= rows.length || to === from) return;
    const name = rows[from].name;
    onChange(moveRow(rows, from, to));
    setSaid(`${name} ${how === 'drop' ? 'dropped at' : 'moved to'} rank ${to + 1} of ${rows.length}.`);
    // Focus follows the row, so the next key press moves it on.
    requestAnimationFrame(() => handles.current[to]?.focus());
  };

  const onKey = (i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: rows.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(i, to, 'key');
  };

  // Dragging: the row follows the pointer, taking the place of the row whose middle it passes. The
  // dragged row's place and the rows are read from refs: several pointer events can arrive before
  // React has drawn the last move, and each must start from where the row now is.
  const dragRef = useRef<number | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const follow = (clientY: number) => {
    const from = dragRef.current;
    if (from === null) return;
    let to = from;
    items.current.forEach((li, j) => {
      if (!li || j === from || j >= rowsRef.current.length) return;
      const box = li.getBoundingClientRect();
      const middle = box.top + box.height / 2;
      if (j < from && clientY < middle) to = Math.min(to, j);
      if (j > from && clientY > middle) to = Math.max(to, j);
    });
    if (to === from) return;
    rowsRef.current = moveRow(rowsRef.current, from, to);
    dragRef.current = to;
    onChange(rowsRef.current);
    setDragging(to);
  };
  const onPointerDown = (i: number) => (e: PointerEvent<HTMLButtonElement>) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dragRef.current = i;
    setDragging(i);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => follow(e.clientY);
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    // Where the pointer was let go decides, once the rows are drawn where the last move put them.
    follow(e.clientY);
    const at = dragRef.current;
    if (at === null) return;
    dragRef.current = null;
    setSaid(`${rowsRef.current[at].name} dropped at rank ${at + 1} of ${rowsRef.current.length}.`);
    setDragging(null);
  };

  const update = (i: number, patch: Partial<BoardRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const remove = (i: number) => {
    setSaid(`${rows[i].name} removed.`);
    onChange(rows.filter((_, j) => j !== i));
    requestAnimationFrame(() => handles.current[Math.min(i, rows.length - 2)]?.focus());
  };
  const add = (p: BoardPlayer | undefined) => {
    if (!p) return;
    const tier = rows.at(-1)?.tier ?? 1;
    onChange([...rows, { playerId: p.id, name: p.name, position: p.position, team: p.team, tier, note: '' }]);
    setPicks((n) => n + 1);
    requestAnimationFrame(() => document.getElementById('add-player')?.focus());
    setSaid(`${p.name} added at rank ${rows.length + 1}, tier ${tier}.`);
  };

  const boardProblem = problems.get('entries');
  return (
    <section aria-labelledby="board-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="board-title" className="font-display text-xl font-bold uppercase text-field-900">
          Board{' '}
          <span className="text-base font-normal normal-case text-slate-600">({rows.length} players)</span>
        </h2>
        <p id={helpId} className="text-xs text-slate-600">
          Drag a row by its handle, or focus the handle and use ↑ ↓ (Home, End).
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only" data-testid="board-announcer">
        {said}
      </p>
      {boardProblem && (
        <p className="text-sm font-semibold text-red-700" id="entries-error" role="alert">
          {boardProblem}
        </p>
      )}
      <ol
        className="flex flex-col gap-1"
        aria-label="Players in rank order"
        aria-describedby={boardProblem ? 'entries-error' : undefined}
        data-testid="board"
      >
        {rows.map((r, i) => {
          const newTier = i === 0 || rows[i - 1].tier !== r.tier;
          const rowProblems = ['playerId', 'tier', 'note']
            .map((f) => problems.get(`entries/${i}/${f}`))
            .filter(Boolean);
          const problemId = `row-${i}-problem`;
          return (
            <li
              key={r.playerId}
              ref={(el) => {
                items.current[i] = el;
              }}
              data-testid="board-row"
              className={`rounded-md border bg-white ${dragging === i ? 'border-field-700 shadow-lg' : 'border-slate-200'} ${rowProblems.length ? 'border-red-600' : ''}`}
            >
              {newTier && (
                <p className="rounded-t-md bg-field-50 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-field-800">
                  Tier {r.tier}
                </p>
              )}
              <div className="flex flex-wrap items-center gap-2 p-2">
                <button
                  type="button"
                  ref={(el) => {
                    handles.current[i] = el;
                  }}
                  className="grid size-10 shrink-0 cursor-grab touch-none place-items-center rounded-md border border-slate-300 text-slate-600 hover:bg-slate-50 active:cursor-grabbing"
                  aria-label={`Move ${r.name}, rank ${i + 1}`}
                  aria-describedby={helpId}
                  disabled={disabled}
                  onKeyDown={onKey(i)}
                  onPointerDown={onPointerDown(i)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={onPointerUp}
                  data-testid="drag-handle"
                >
                  <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="currentColor">
                    <circle cx="5" cy="3" r="1.5" />
                    <circle cx="11" cy="3" r="1.5" />
                    <circle cx="5" cy="8" r="1.5" />
                    <circle cx="11" cy="8" r="1.5" />
                    <circle cx="5" cy="13" r="1.5" />
                    <circle cx="11" cy="13" r="1.5" />
                  </svg>
                </button>
                <span className="w-8 text-right font-mono font-bold text-field-900" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1 sm:basis-40">
                  <span className="font-semibold">{r.name}</span>{' '}
                  <span className="text-sm text-slate-600">
                    {[r.position, r.team].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <button
                  type="button"
                  className="grid size-10 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-red-50 hover:text-red-800 sm:order-last"
                  aria-label={`Remove ${r.name}`}
                  title="Remove"
                  disabled={disabled}
                  onClick={() => remove(i)}
                >
                  <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
                    <path
                      d="M4 4l8 8M12 4l-8 8"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
                {/* On a phone the tier and note take a line of their own under the name. */}
                <span className="flex basis-full items-center gap-2 pl-12 sm:basis-auto sm:flex-[2] sm:pl-0">
                  <label className="flex items-center gap-1 text-xs font-semibold text-slate-700">
                    Tier
                    <input
                      type="number"
                      className="input w-16 py-1"
                      min={1}
                      max={RANKING_LIMITS.tiers}
                      value={r.tier}
                      disabled={disabled}
                      aria-label={`Tier of ${r.name}`}
                      aria-invalid={rowProblems.length ? true : undefined}
                      aria-describedby={rowProblems.length ? problemId : undefined}
                      onChange={(e) =>
                        update(i, { tier: Math.max(1, Math.round(Number(e.target.value) || 1)) })
                      }
                    />
                  </label>
                  <input
                    className="input min-w-0 flex-1 py-1"
                    placeholder="Note"
                    maxLength={RANKING_LIMITS.note}
                    value={r.note}
                    disabled={disabled}
                    aria-label={`Note on ${r.name}`}
                    onChange={(e) => update(i, { note: e.target.value })}
                  />
                </span>
              </div>
              {rowProblems.length > 0 && (
                <p
                  id={problemId}
                  className="px-2 pb-2 text-sm font-semibold text-red-700"
                  data-testid="row-problem"
                >
                  {rowProblems.join(' ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {!disabled && (
        <Combobox<BoardPlayer>
          key={picks}
          id="add-player"
          label="Add a player"
          search={search}
          limit={SHOWN}
          value={undefined}
          onChange={add}
          getKey={(p) => p.id}
          getLabel={(p) => `${p.name} · ${p.position} · ${p.team}`}
          placeholder={loadingPlayers ? 'Loading players…' : 'Type a player’s or prospect’s name'}
          loading={loadingPlayers}
          loadingMessage="Loading players…"
          emptyMessage={(q) => (q.trim() ? 'No player by that name' : 'Start typing a name')}
        />
      )}
    </section>
  );
}
