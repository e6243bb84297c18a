/** The site's page routes (spec section 2), shared by the client router and the server's page handling. */
export const pageRoutes = [
  { path: '/', name: 'Home' },
  { path: '/login', name: 'Login' },
  { path: '/signup', name: 'Signup' },
  { path: '/articles', name: 'ArticleList' },
  { path: '/article/:shortname', name: 'Article' },
  { path: '/profiles', name: 'ProfileList' },
  { path: '/profile/:shortname', name: 'Profile' },
  { path: '/search', name: 'Search' },
  { path: '/tools/lineup', name: 'Lineup' },
  { path: '/tools/lineup/:leagueId', name: 'LeagueLineup' },
  { path: '/tools/status-checker', name: 'StatusChecker' },
  { path: '/tools/rostership', name: 'Rostership' },
  { path: '/tools/rookie-adp', name: 'RookieAdp' },
  { path: '/admin', name: 'AdminHome' },
  { path: '/admin/articles', name: 'AdminArticleList' },
  { path: '/admin/article/:id', name: 'AdminEditArticle' },
  { path: '/admin/profiles', name: 'AdminProfileList' },
  { path: '/admin/profile/:id', name: 'AdminEditProfile' },
  { path: '/admin/users', name: 'AdminUserList' },
  { path: '/admin/user/:id', name: 'AdminEditUser' },
] as const;

export type RouteName = (typeof pageRoutes)[number]['name'] | 'AdminNewArticle' | 'AdminNewProfile';

/** Old addresses that moved; both the server (301) and the client router send them on. */
export const redirects: Record<string, string> = {
  '/tools/fa-checker': '/tools/status-checker',
  '/tools/mfl-rostership': '/tools/rostership',
  '/tools/sleeper-rostership': '/tools/rostership',
};

const matchers = pageRoutes.map((r) => new RegExp(`^${r.path.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`));

/** True when the path is one of the site's pages (so an unknown path can be sent to the home page). */
export const isPagePath = (pathname: string) => matchers.some((m) => m.test(pathname));

/** Builds a path for a named route: pathFor('LeagueLineup', { leagueId: '123' }). */
export function pathFor(name: RouteName, params: Record<string, string | number> = {}): string {
  if (name === 'AdminNewArticle') return '/admin/article/new';
  if (name === 'AdminNewProfile') return '/admin/profile/new';
  const route = pageRoutes.find((r) => r.name === name)!;
  return route.path.replace(/:([a-zA-Z]+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key] ?? '')),
  );
}
