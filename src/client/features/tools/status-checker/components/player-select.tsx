import { useCallback, useMemo } from 'react';
import { LazyCombobox } from '#client/components/lazy-combobox.tsx';
import type { LeaguePlayer } from '#common/leagues.ts';
import { searchable, searchPlayers } from '#common/player-search.ts';

interface PlayerSelectProps {
  players: readonly LeaguePlayer[];
  loading: boolean;
  value: LeaguePlayer | undefined;
  onChange: (player: LeaguePlayer | undefined) => void;
}

/** How many matches the list shows at most. */
const SHOWN = 50;

const label = (p: LeaguePlayer) => `${p.name} · ${p.position} · ${p.team}`;

/**
 * A type-ahead over the whole player list, filtered here in the page: the list is prepared once
 * and each keystroke shows at most 50 matches, so it stays quick on a list of thousands.
 */
export function PlayerSelect({ players, loading, value, onChange }: PlayerSelectProps) {
  const list = useMemo(() => searchable(players), [players]);
  const search = useCallback((query: string) => searchPlayers(list, query, SHOWN), [list]);
  return (
    <LazyCombobox<LeaguePlayer>
      label="Player"
      search={search}
      limit={SHOWN}
      value={value}
      onChange={onChange}
      getKey={(p) => p.id}
      getLabel={label}
      getInputText={(p) => p.name}
      renderOption={(p) => (
        <>
          <span className="font-semibold">{p.name}</span>
          <span className="text-slate-600">
            {' · '}
            {p.position} · {p.team}
          </span>
        </>
      )}
      placeholder={loading ? 'Loading players…' : 'Type a player’s name'}
      loading={loading}
      loadingMessage="Loading players…"
      emptyMessage={(query) => (query.trim() ? 'No player by that name' : 'Start typing a name')}
    />
  );
}
