import type {
  Article,
  ArticleListItem,
  ListAnswer,
  Profile,
  ProfileFilters,
  ProfileListItem,
  SearchResult,
} from '#common/content.ts';
import type { PlayerFind } from '#common/leagues.ts';
import type { PublicRead } from './http.ts';
import { query } from './http.ts';

// What the public content pages read (lib/public-data.ts): each answer by its path under /api, the
// key it is kept under and the address the server loads to render the page with it.

export interface PageParams {
  page?: number;
  limit?: number;
}

export interface ProfileParams extends PageParams {
  position?: string;
  year?: number | string;
}

export const articlesQuery = (p: PageParams & { tag?: string }): PublicRead<ListAnswer<ArticleListItem>> => ({
  path: `articles${query({ page: p.page, limit: p.limit, tag: p.tag })}`,
  keepPrevious: true,
});

export const articleQuery = (shortname: string): PublicRead<Article> => ({
  path: `articles/${encodeURIComponent(shortname)}`,
});

export const profilesQuery = (p: ProfileParams): PublicRead<ListAnswer<ProfileListItem>> => ({
  path: `profiles${query({ page: p.page, limit: p.limit, position: p.position, year: p.year })}`,
  keepPrevious: true,
});

export const profileQuery = (shortname: string): PublicRead<Profile> => ({
  path: `profiles/${encodeURIComponent(shortname)}`,
});

export const profileFiltersQuery = (): PublicRead<ProfileFilters> => ({
  path: 'profile-filters',
  fresh: 5 * 60_000,
});

// The search runs only when there is something to look for.
export const searchQuery = (term: string): PublicRead<ListAnswer<SearchResult>> => ({
  path: `search${query({ search: term, limit: 50 })}`,
  enabled: term.trim() !== '',
});

/** GET /api/players/find: players by name from the list the server holds (the site search's players). */
export const playerFindQuery = (term: string): PublicRead<PlayerFind> => ({
  path: `players/find?search=${encodeURIComponent(term)}`,
  enabled: term.trim().length >= 3,
  fresh: 5 * 60_000,
});

/** The Player Status Checker with this player chosen. */
export const statusCheckerPath = (playerId: string) =>
  `/tools/status-checker?player=${encodeURIComponent(playerId)}`;
