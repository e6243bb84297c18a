import { api, query } from '#client/api/http.ts';
import { usePublicDataStore } from '#client/api/public-data.ts';
import { useMutation, useQueryClient } from '#client/lib/query-client.ts';

/** Deletes a user; their content goes to contentTo, or stays credited to a former contributor. */
export function useDeleteUser() {
  const client = useQueryClient();
  const publicData = usePublicDataStore();
  return useMutation({
    mutationFn: ({ id, contentTo }: { id: number; contentTo: number | null }) =>
      api<{ deleted: number; articles: number; profiles: number }>(`users/${id}${query({ contentTo })}`, {
        method: 'DELETE',
      }),
    // Authors show on public pages too, so every cached query is retired.
    // Marked stale, not refetched: the open form's own item is gone, and the next screen reloads.
    onSuccess: () => {
      publicData.retire();
      return client.invalidateQueries({ refetchType: 'none' });
    },
  });
}
