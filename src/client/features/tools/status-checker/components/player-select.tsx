import { useMemo, useState } from 'react';
import Select from 'react-select';
import type { LeaguePlayer } from '#common/leagues.ts';
import { type SearchablePlayer, searchable, searchPlayers } from '../player-search.ts';

interface PlayerSelectProps {
  players: readonly LeaguePlayer[];
  loading: boolean;
  value: LeaguePlayer | undefined;
  onChange: (player: LeaguePlayer | undefined) => void;
  inputId?: string;
}

const label = (p: LeaguePlayer) => `${p.name} · ${p.position} · ${p.team}`;

/**
 * A type-ahead over the whole player list, filtered here in the page: the list is prepared once
 * and each keystroke shows at most 50 matches, so it stays quick on a list of thousands.
 */
export function PlayerSelect({ players, loading, value, onChange, inputId }: PlayerSelectProps) {
  const list = useMemo(() => searchable(players), [players]);
  const [input, setInput] = useState('');
  const options = useMemo(() => searchPlayers(list, input), [list, input]);
  return (
    <Select<SearchablePlayer | LeaguePlayer, false>
      inputId={inputId}
      aria-label="Player"
      classNamePrefix="player-select"
      isClearable
      isLoading={loading}
      placeholder={loading ? 'Loading players…' : 'Type a player’s name'}
      options={options}
      value={value ?? null}
      inputValue={input}
      onInputChange={(v, meta) => {
        if (meta.action === 'input-change' || meta.action === 'set-value')
          setInput(meta.action === 'set-value' ? '' : v);
      }}
      onChange={(p) => onChange(p ?? undefined)}
      filterOption={null}
      getOptionLabel={label}
      getOptionValue={(p) => p.id}
      noOptionsMessage={({ inputValue }) =>
        inputValue.trim() ? 'No player by that name' : 'Start typing a name'
      }
      styles={{
        control: (base, state) => ({
          ...base,
          minHeight: 42,
          borderColor: state.isFocused ? '#1a6650' : '#cbd5e1',
          boxShadow: state.isFocused ? '0 0 0 3px rgba(26,102,80,0.25)' : 'none',
          '&:hover': { borderColor: '#1a6650' },
        }),
        option: (base, state) => ({
          ...base,
          backgroundColor: state.isSelected ? '#0d3b2e' : state.isFocused ? '#e3f1ea' : 'white',
          color: state.isSelected ? 'white' : '#0f172a',
        }),
        menu: (base) => ({ ...base, zIndex: 20 }),
      }}
    />
  );
}
