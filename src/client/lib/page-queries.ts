import type { QueryKey } from '@tanstack/react-query';

/** What a page's data depends on: its route parameters and its address's query. */
export interface PageInput {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * A query a page draws from its first render. `meta.apiPath` names the API answer it holds, so
 * the server can load it and render the page whole (src/client/entry-server.tsx).
 */
export interface PageQuery {
  queryKey: QueryKey;
  meta?: Record<string, unknown>;
}

/**
 * The queries of a page rendered on the server. The page's component asks for the same ones, so
 * the browser finds them in its cache, filled from the data embedded in the page.
 */
export type PageQueries = (input: PageInput) => PageQuery[];
