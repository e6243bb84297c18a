/**
 * The meeting point of the server and the client's server build (src/client/entry-server.tsx,
 * built into dist/ssr by Vite): the server loads that module from disk and calls it through these
 * shapes, and neither side imports the other's code.
 */

/** An API answer as the page's data: its status and its JSON text. */
export interface ApiAnswer {
  status: number;
  body: string;
}

export interface RenderInput {
  pathname: string;
  /** The address's query, with or without its leading '?'. */
  search: string;
  /** The settings the client reads from the page (outside links). */
  config: Record<string, string>;
  /** Loads a public API answer, by its path under /api (e.g. `articles?limit=6`). */
  load: (apiPath: string) => Promise<ApiAnswer>;
}

export interface RenderedPage {
  /** The markup inside the page's root element. */
  html: string;
  /**
   * The page's data for the browser, which keeps its answers and hydrates the markup from them;
   * absent when the browser draws the page itself (tools, admin, a page whose API failed).
   */
  data?: PageData;
  /** 404 when the page's item does not exist; else 200. */
  status: number;
}

/**
 * The data a rendered page holds: each public API answer it was rendered from, by its path under
 * /api, and each item the API did not find (a missing article's 404), with its message.
 */
export interface PageData {
  answers: [apiPath: string, data: unknown][];
  refused?: [apiPath: string, status: 404, message: string][];
}

export interface PageRenderer {
  /**
   * What the rendered page at this address depends on: the path and the query values the page
   * reads (so `?utm_source=…` shares the plain page's entry). Null when the page is drawn in the
   * browser only, where the server renders the layout around a loading screen.
   */
  pageKey(pathname: string, search: string): string | null;
  render(input: RenderInput): Promise<RenderedPage>;
}

/** The element id of the embedded page data. */
export const PAGE_DATA_ID = 'page-data';

/**
 * JSON that can sit inside a <script> element: '<' (so no `</script>` or `<!--` can end it or
 * change how it is read), '>', '&' and the two line separators JavaScript once refused are escaped.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
