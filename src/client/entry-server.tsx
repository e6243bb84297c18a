import { type ComponentType, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, PageRenderer, RenderedPage } from '#common/page-render.ts';
import { matchRoute, type RouteName, screenExport } from '#common/routes.ts';
import { ApiError } from './api/http.ts';
import type { PageQueries } from './api/page-queries.ts';
import { PublicData, PublicDataContext } from './api/public-data.ts';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { Spinner } from './components/spinner.tsx';
import { setSiteConfig } from './lib/site-config.ts';
import { staticHistory } from './router/history.ts';
import { Router } from './router/router.tsx';

/*
 * The server's renderer (built by Vite into dist/ssr, loaded by src/server/http/spa.ts). The public
 * pages are rendered whole, with the answers their queries hold, which the page embeds for the
 * browser to hydrate from. The league tools are rendered as their frame (heading, intro, the
 * account controls or the filter form), as a visitor with nothing known yet sees it: the same for
 * every reader, hydrated by the browser, which then asks for the visitor's own data. Every other
 * page is rendered as the layout around a loading screen, which the browser replaces with the
 * screen it draws itself.
 */

/**
 * A rendered page's module: its screen (under the name screenExport gives) and the data it reads
 * (none for a tool's frame).
 */
type RenderedScreen = { pageQueries?: PageQueries } & Record<string, ComponentType>;

const screens = import.meta.glob<RenderedScreen>(
  [
    './features/home/home-page.tsx',
    './features/articles/article-list-page.tsx',
    './features/articles/article-page.tsx',
    './features/profiles/profile-list-page.tsx',
    './features/profiles/profile-page.tsx',
    './features/search/search-page.tsx',
    './features/rankings/ranking-list-page.tsx',
    './features/rankings/ranking-page.tsx',
    './features/rankings/consensus-page.tsx',
    './features/privacy/privacy-page.tsx',
    './features/tools/values/values-page.tsx',
    './features/tools/values/trade-page.tsx',
    './features/tools/rostership/rostership-page.tsx',
    './features/tools/my-week/my-week-page.tsx',
    './features/tools/status-checker/status-checker-page.tsx',
    './features/tools/lineup/lineup-page.tsx',
    './features/tools/rookie-adp/rookie-adp-page.tsx',
  ],
  { eager: true },
);

/** The pages rendered on the server, and the query values each reads (the rest do not change it). */
const rendered: Partial<Record<RouteName, readonly string[]>> = {
  Home: ['position', 'year'],
  ArticleList: ['page', 'tag'],
  Article: [],
  ProfileList: ['page', 'position', 'year'],
  Profile: [],
  Search: ['search'],
  RankingList: ['page', 'kind', 'position', 'qbFormat', 'ppr', 'tePremium'],
  Ranking: [],
  RankingConsensus: ['kind', 'position', 'qbFormat', 'ppr', 'tePremium'],
  Privacy: [],
  Values: ['format', 'teams', 'qb', 'ppr', 'te', 'idp', 'position', 'rookies'],
  Trade: ['format', 'teams', 'qb', 'ppr', 'te', 'idp', 'a', 'b'],
  // The league tools' frames: nothing of the visitor's, so one page per address serves everyone.
  Rostership: [],
  MyWeek: [],
  StatusChecker: [],
  Lineup: [],
  // Its filter lives in the address (url-state.ts): the values that change the form, the heading
  // and the source line. Its answer is asked for by the browser.
  RookieAdp: ['ppr', 'idp', 'sizes', 'types', 'from', 'to', 'service', 'draft', 'kind'],
};

/** The page's query reduced to the values it reads, in a fixed order. */
function pageSearch(search: string, keys: readonly string[]): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of keys) {
    const value = from.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept.toString();
}

function renderedRoute(pathname: string) {
  const match = matchRoute(pathname);
  const keys = match && rendered[match.route.name];
  const screen = match && keys && screens[`./${match.route.module}`];
  return match && keys && screen ? { match, keys, screen } : null;
}

function Loading() {
  return <Spinner label="Loading page" />;
}

export const renderer: PageRenderer = {
  pageKey(pathname, search) {
    const page = renderedRoute(pathname);
    return page ? `${pathname}?${pageSearch(search, page.keys)}` : null;
  },

  async render({ pathname, search, config, load }): Promise<RenderedPage> {
    setSiteConfig(config);
    const page = renderedRoute(pathname);
    const shownSearch = page ? pageSearch(search, page.keys) : '';
    // Nothing is asked for while rendering: every answer is kept before, and a failed one stays
    // failed, so a missing article renders its "not found".
    const store = new PublicData();
    let status = 200;
    let complete = true;
    const answers: PageData['answers'] = [];
    const refused: NonNullable<PageData['refused']> = [];
    if (page) {
      const { match, screen } = page;
      const wanted =
        screen.pageQueries?.({ params: match.params, search: new URLSearchParams(shownSearch) }) ?? [];
      const loaded = await Promise.all(wanted.map((q) => load(q.path)));
      wanted.forEach(({ path }, i) => {
        const answer = loaded[i];
        if (answer.status === 200) {
          const data = JSON.parse(answer.body);
          store.put(path, { data });
          answers.push([path, data]);
          return;
        }
        // A server failure is not a page to keep: the caller serves the page unrendered.
        if (answer.status >= 500) throw new Error(`The API answered ${answer.status} for ${path}`);
        let message = `Request failed (${answer.status})`;
        try {
          message = String(JSON.parse(answer.body).error ?? message);
        } catch {
          // Not JSON: keep the status.
        }
        store.put(path, { error: new ApiError(answer.status, message) });
        if (answer.status === 404) {
          refused.push([path, 404, message]);
          status = 404;
        } else complete = false;
      });
    }
    const html = renderToString(
      <StrictMode>
        <PublicDataContext value={store}>
          <Router
            history={staticHistory(pathname, shownSearch ? `?${shownSearch}` : '')}
            screenFor={(route) =>
              page && route.module === page.match.route.module
                ? page.screen[screenExport(route.module)]
                : Loading
            }
            layout={SiteLayout}
          />
        </PublicDataContext>
      </StrictMode>,
    );
    // A missing item's 404 goes with the page: the browser hydrates "not found" as drawn here
    // rather than drawing the page again and asking once more. Another refusal (a bad query, a
    // limit) is not kept: the browser draws that page itself and asks.
    return {
      html,
      status,
      data: page && complete ? { answers, ...(refused.length ? { refused } : {}) } : undefined,
    };
  },
};
