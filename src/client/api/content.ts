import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Article,
  ArticleListItem,
  ListAnswer,
  Profile,
  ProfileFilters,
  ProfileListItem,
  SearchResult,
} from '#common/content.ts';
import { ApiError, api, query } from './http.ts';

// A missing or hidden item is an answer; only a server or network failure is worth one more try.
const retryOnce = (count: number, error: unknown) =>
  count < 1 && !(error instanceof ApiError && error.status < 500);

// Fetchers and query options for the public content pages. Keys start with 'content' so that a
// save in the admin panel can invalidate them all at once.

export interface PageParams {
  page?: number;
  limit?: number;
}

export interface ProfileParams extends PageParams {
  position?: string;
  year?: number | string;
}

// The API path of each answer: the fetchers ask for it, and each query names it in `meta.apiPath`
// so the server, rendering a page, can load the very answers the page would have fetched.
const paths = {
  articles: (p: PageParams) => `articles${query({ page: p.page, limit: p.limit })}`,
  article: (shortname: string) => `articles/${encodeURIComponent(shortname)}`,
  profiles: (p: ProfileParams) =>
    `profiles${query({ page: p.page, limit: p.limit, position: p.position, year: p.year })}`,
  profile: (shortname: string) => `profiles/${encodeURIComponent(shortname)}`,
  search: (term: string) => `search${query({ search: term, limit: 50 })}`,
};

export const fetchArticles = (p: PageParams, signal?: AbortSignal) =>
  api<ListAnswer<ArticleListItem>>(paths.articles(p), { signal });

export const fetchArticle = (shortname: string, signal?: AbortSignal) =>
  api<Article>(paths.article(shortname), { signal });

export const fetchProfiles = (p: ProfileParams, signal?: AbortSignal) =>
  api<ListAnswer<ProfileListItem>>(paths.profiles(p), { signal });

export const fetchProfile = (shortname: string, signal?: AbortSignal) =>
  api<Profile>(paths.profile(shortname), { signal });

export const fetchProfileFilters = (signal?: AbortSignal) =>
  api<ProfileFilters>('profile-filters', { signal });

export const fetchSearch = (term: string, signal?: AbortSignal) =>
  api<ListAnswer<SearchResult>>(paths.search(term), { signal });

export const articlesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['content', 'articles', p],
    queryFn: ({ signal }) => fetchArticles(p, signal),
    meta: { apiPath: paths.articles(p) },
    placeholderData: keepPreviousData,
  });

export const articleQuery = (shortname: string) =>
  queryOptions({
    queryKey: ['content', 'article', shortname],
    queryFn: ({ signal }) => fetchArticle(shortname, signal),
    meta: { apiPath: paths.article(shortname) },
    retry: retryOnce,
  });

export const profilesQuery = (p: ProfileParams) =>
  queryOptions({
    queryKey: ['content', 'profiles', p],
    queryFn: ({ signal }) => fetchProfiles(p, signal),
    meta: { apiPath: paths.profiles(p) },
    placeholderData: keepPreviousData,
  });

export const profileQuery = (shortname: string) =>
  queryOptions({
    queryKey: ['content', 'profile', shortname],
    queryFn: ({ signal }) => fetchProfile(shortname, signal),
    meta: { apiPath: paths.profile(shortname) },
    retry: retryOnce,
  });

export const profileFiltersQuery = () =>
  queryOptions({
    queryKey: ['content', 'profile-filters'],
    queryFn: ({ signal }) => fetchProfileFilters(signal),
    staleTime: 5 * 60_000,
  });

export const searchQuery = (term: string) =>
  queryOptions({
    queryKey: ['content', 'search', term],
    queryFn: ({ signal }) => fetchSearch(term, signal),
    meta: { apiPath: paths.search(term) },
    // The search runs only when there is something to look for.
    enabled: term.trim() !== '',
  });
