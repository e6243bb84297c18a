import { api, query } from '#client/api/http.ts';
import { usePublicDataStore } from '#client/api/public-data.ts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '#client/lib/query-client.ts';
import type { Article, ArticleInput, ListAnswer, Profile, ProfileInput } from '#common/content.ts';
import type { PlayerList } from '#common/leagues.ts';
import type { Ranking, RankingInput } from '#common/rankings.ts';

/*
 * Articles and profiles as the admin panel sees them: hidden ones included (isAdmin=true), never
 * cached by the browser, and saved through POST. Public pages read them elsewhere.
 */

type Kind = 'articles' | 'profiles' | 'rankings';

export const adminContentKeys = {
  all: (kind: Kind) => ['admin', kind] as const,
  list: (kind: Kind, page: number, limit: number) => ['admin', kind, 'list', { page, limit }] as const,
  detail: (kind: Kind, id: string) => ['admin', kind, 'detail', id] as const,
};

const listOptions = <T>(kind: Kind, page: number, limit: number) =>
  queryOptions({
    queryKey: adminContentKeys.list(kind, page, limit),
    queryFn: ({ signal }) =>
      api<ListAnswer<T>>(`${kind}${query({ isAdmin: true, limit, page })}`, { signal }),
    placeholderData: keepPreviousData,
  });

const detailOptions = <T>(kind: Kind, id: string) =>
  queryOptions({
    queryKey: adminContentKeys.detail(kind, id),
    queryFn: ({ signal }) =>
      api<T>(`${kind}/${encodeURIComponent(id)}${query({ isAdmin: true })}`, { signal }),
    // A missing item is an answer, not a hiccup worth asking again.
    retry: false,
  });

export const useAdminArticles = (page: number, limit: number) =>
  useQuery(listOptions<Article>('articles', page, limit));
export const useAdminProfiles = (page: number, limit: number) =>
  useQuery(listOptions<Profile>('profiles', page, limit));

export const useAdminRankings = (page: number, limit: number) =>
  useQuery(listOptions<Ranking>('rankings', page, limit));

export const useAdminArticle = (id: string | undefined) =>
  useQuery({ ...detailOptions<Article>('articles', id ?? ''), enabled: id !== undefined });
export const useAdminProfile = (id: string | undefined) =>
  useQuery({ ...detailOptions<Profile>('profiles', id ?? ''), enabled: id !== undefined });

export const useAdminRanking = (id: string | undefined) =>
  useQuery({ ...detailOptions<Ranking>('rankings', id ?? ''), enabled: id !== undefined });
/** Any ranking's board, to start another from (only when asked for). */
export const fetchAdminRanking = (id: number) => api<Ranking>(`rankings/${id}${query({ isAdmin: true })}`);

/**
 * GET /api/players: the site's player list, which a board's players come from; asking for it also
 * has the server hold it, so the save can check the players against it.
 */
export const usePlayerList = () =>
  useQuery({
    queryKey: ['league-players'],
    queryFn: ({ signal }) => api<PlayerList>('players', { signal }),
    staleTime: 60 * 60_000,
  });

export const saveArticle = (id: number | undefined, body: ArticleInput) =>
  api<Article>(id === undefined ? 'articles' : `articles/${id}`, { body });
export const saveProfile = (id: number | undefined, body: ProfileInput) =>
  api<Profile>(id === undefined ? 'profiles' : `profiles/${id}`, { body });

function useSave<I, T>(kind: Kind, save: (id: number | undefined, body: I) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: I }) => save(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminContentKeys.all(kind) }),
  });
}

export const saveRanking = (id: number | undefined, body: RankingInput) =>
  api<Ranking>(id === undefined ? 'rankings' : `rankings/${id}`, { body });

export const useSaveArticle = () => useSave('articles', saveArticle);
export const useSaveRanking = () => useSave('rankings', saveRanking);
export const useSaveProfile = () => useSave('profiles', saveProfile);

/**
 * Deletes an article or profile. Every cached query is retired after: public lists, search and
 * details may all have shown the item.
 */
export function useDeleteContent(kind: Kind) {
  const client = useQueryClient();
  const publicData = usePublicDataStore();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${kind}/${id}`, { method: 'DELETE' }),
    // Marked stale, not refetched: the open form's own item is gone, and the next screen reloads.
    onSuccess: () => {
      publicData.retire();
      return client.invalidateQueries({ refetchType: 'none' });
    },
  });
}
