/*
 * What shows Rostership's leagues (their switches) and players (the filters, the chart, the table
 * with TanStack Table, a player's leagues): loaded with the page's first request, not with the page
 * (decision 039).
 */
export { LeagueTable } from './league-table.tsx';
export { PlayerFilters } from './player-filters.tsx';
export { PlayerLeaguesModal } from './player-leagues-modal.tsx';
export { PlayersTable } from './players-table.tsx';
export { TopPlayersChart } from './top-players-chart.tsx';
