import type { PublicRead } from './http.ts';

/** What a page's data depends on: its route parameters and its address's query. */
export interface PageInput {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * The public answers a page rendered on the server draws from its first render, each by its API
 * path, so the server can load them and render the page whole (src/client/entry-server.tsx). The
 * page's component asks for the same ones, so the browser finds them among the answers embedded in
 * the page.
 */
export type PageQueries = (input: PageInput) => PublicRead<unknown>[];
