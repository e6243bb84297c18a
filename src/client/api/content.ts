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
import type { Consensus, Ranking, RankingListItem, RankingMarket, RankingVersion } from '#common/rankings.ts';
import type { PublicRead } from './http.ts';
import { query } from './http.ts';

// What the public content pages read (api/public-data.ts): each answer by its path under /api, the
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

/** The public list's filters, as the address carries them. */
export interface RankingFilters {
  kind?: string;
  position?: string;
  qbFormat?: string;
  ppr?: string;
  tePremium?: string;
}

export const rankingsQuery = (p: PageParams & RankingFilters): PublicRead<ListAnswer<RankingListItem>> => ({
  path: `rankings${query({ page: p.page, limit: p.limit, kind: p.kind, position: p.position, qbFormat: p.qbFormat, ppr: p.ppr, tePremium: p.tePremium })}`,
  keepPrevious: true,
});

export const rankingQuery = (shortname: string): PublicRead<Ranking> => ({
  path: `rankings/${encodeURIComponent(shortname)}`,
});

export const rankingMarketQuery = (shortname: string): PublicRead<RankingMarket> => ({
  path: `rankings/${encodeURIComponent(shortname)}/market`,
});

export const rankingVersionsQuery = (shortname: string): PublicRead<RankingVersion[]> => ({
  path: `rankings/${encodeURIComponent(shortname)}/versions`,
});

export const consensusQuery = (f: RankingFilters): PublicRead<Consensus> => ({
  path: `rankings/consensus${query({ kind: f.kind, position: f.position, qbFormat: f.qbFormat, ppr: f.ppr, tePremium: f.tePremium })}`,
  keepPrevious: true,
});
