/**
 * The site's page routes (every address a visitor can open), shared by the client router and the server's page
 * handling. `module` is the screen's file under src/client: the client loads it lazily and the
 * server tells the browser to fetch it with the page. The first matching route wins.
 */
export const pageRoutes = [
  { path: '/', name: 'Home', module: 'features/home/home-page.tsx' },
  { path: '/login', name: 'Login', module: 'features/auth/login-page.tsx' },
  { path: '/signup', name: 'Signup', module: 'features/auth/signup-page.tsx' },
  { path: '/forgot-password', name: 'ForgotPassword', module: 'features/auth/forgot-password-page.tsx' },
  { path: '/reset-password', name: 'ResetPassword', module: 'features/auth/reset-password-page.tsx' },
  { path: '/account', name: 'Account', module: 'features/account/account-page.tsx' },
  { path: '/privacy', name: 'Privacy', module: 'features/privacy/privacy-page.tsx' },
  { path: '/articles', name: 'ArticleList', module: 'features/articles/article-list-page.tsx' },
  { path: '/article/:shortname', name: 'Article', module: 'features/articles/article-page.tsx' },
  { path: '/profiles', name: 'ProfileList', module: 'features/profiles/profile-list-page.tsx' },
  { path: '/profile/:shortname', name: 'Profile', module: 'features/profiles/profile-page.tsx' },
  { path: '/search', name: 'Search', module: 'features/search/search-page.tsx' },
  { path: '/tools/lineup', name: 'Lineup', module: 'features/tools/lineup/lineup-page.tsx' },
  { path: '/tools/lineup/:leagueId', name: 'LeagueLineup', module: 'features/tools/lineup/lineup-page.tsx' },
  {
    path: '/tools/status-checker',
    name: 'StatusChecker',
    module: 'features/tools/status-checker/status-checker-page.tsx',
  },
  { path: '/tools/rostership', name: 'Rostership', module: 'features/tools/rostership/rostership-page.tsx' },
  { path: '/tools/my-week', name: 'MyWeek', module: 'features/tools/my-week/my-week-page.tsx' },
  { path: '/tools/rookie-adp', name: 'RookieAdp', module: 'features/tools/rookie-adp/rookie-adp-page.tsx' },
  { path: '/admin', name: 'AdminHome', module: 'features/admin/admin-home-page.tsx' },
  { path: '/admin/articles', name: 'AdminArticleList', module: 'features/admin/admin-article-list-page.tsx' },
  {
    path: '/admin/article/new',
    name: 'AdminNewArticle',
    module: 'features/admin/admin-edit-article-page.tsx',
  },
  {
    path: '/admin/article/:id',
    name: 'AdminEditArticle',
    module: 'features/admin/admin-edit-article-page.tsx',
  },
  { path: '/admin/profiles', name: 'AdminProfileList', module: 'features/admin/admin-profile-list-page.tsx' },
  {
    path: '/admin/profile/new',
    name: 'AdminNewProfile',
    module: 'features/admin/admin-edit-profile-page.tsx',
  },
  {
    path: '/admin/profile/:id',
    name: 'AdminEditProfile',
    module: 'features/admin/admin-edit-profile-page.tsx',
  },
  { path: '/admin/adp-data', name: 'AdminAdpData', module: 'features/admin/admin-adp-data-page.tsx' },
  { path: '/admin/users', name: 'AdminUserList', module: 'features/admin/admin-user-list-page.tsx' },
  { path: '/admin/user/:id', name: 'AdminEditUser', module: 'features/admin/admin-edit-user-page.tsx' },
] as const;

export type PageRoute = (typeof pageRoutes)[number];
export type RouteName = PageRoute['name'];

/** Old addresses that moved; both the server (301) and the client router send them on. */
export const redirects: Record<string, string> = {
  '/tools/fa-checker': '/tools/status-checker',
  '/tools/mfl-rostership': '/tools/rostership',
  '/tools/sleeper-rostership': '/tools/rostership',
};

/** Where a moved address now lives (a trailing slash is ignored), or undefined. */
export const movedTo = (pathname: string): string | undefined => redirects[pathname.replace(/\/$/, '')];

const patterns = pageRoutes.map((route) => ({
  route,
  keys: [...route.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]),
  regex: new RegExp(`^${route.path.replace(/:[a-zA-Z]+/g, '([^/]+)')}/?$`),
}));

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The page route a path shows and its decoded parameters, or null for a path that is no page. */
export function matchRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const { route, keys, regex } of patterns) {
    const m = regex.exec(pathname);
    if (m) return { route, params: Object.fromEntries(keys.map((k, i) => [k, decode(m[i + 1])])) };
  }
  return null;
}

/** True when the path is one of the site's pages (so an unknown path can be sent to the home page). */
export const isPagePath = (pathname: string) => matchRoute(pathname) !== null;

/** Builds a path for a named route: pathFor('LeagueLineup', { leagueId: '123' }). */
export function pathFor(name: RouteName, params: Record<string, string | number> = {}): string {
  const route = pageRoutes.find((r) => r.name === name)!;
  return route.path.replace(/:([a-zA-Z]+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key] ?? '')),
  );
}

/**
 * The name a screen's module exports its screen under: the file's name in PascalCase
 * (`features/auth/login-page.tsx` exports `LoginPage`).
 */
export const screenExport = (module: string) =>
  (module.split('/').pop() ?? '')
    .replace(/\.tsx?$/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
