import { createBrowserRouter, Navigate, type RouteObject, redirect } from 'react-router';
import { redirects } from '../common/routes.ts';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { RouteError } from './components/route-error.tsx';

// Every screen loads lazily, so the first page only downloads what it shows. Route ids are the
// spec's route names.
const page = (
  id: string,
  path: string,
  load: () => Promise<{ Component: React.ComponentType }>,
): RouteObject => ({
  id,
  path,
  lazy: async () => ({ Component: (await load()).Component }),
});

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      page('Home', '/', () => import('./features/home/home-page.tsx')),
      page('Login', '/login', () => import('./features/auth/login-page.tsx')),
      page('Signup', '/signup', () => import('./features/auth/signup-page.tsx')),
      page('ArticleList', '/articles', () => import('./features/articles/article-list-page.tsx')),
      page('Article', '/article/:shortname', () => import('./features/articles/article-page.tsx')),
      page('ProfileList', '/profiles', () => import('./features/profiles/profile-list-page.tsx')),
      page('Profile', '/profile/:shortname', () => import('./features/profiles/profile-page.tsx')),
      page('Search', '/search', () => import('./features/search/search-page.tsx')),
      page('Lineup', '/tools/lineup', () => import('./features/tools/lineup/lineup-page.tsx')),
      page(
        'LeagueLineup',
        '/tools/lineup/:leagueId',
        () => import('./features/tools/lineup/lineup-page.tsx'),
      ),
      page(
        'StatusChecker',
        '/tools/status-checker',
        () => import('./features/tools/status-checker/status-checker-page.tsx'),
      ),
      page(
        'Rostership',
        '/tools/rostership',
        () => import('./features/tools/rostership/rostership-page.tsx'),
      ),
      page('RookieAdp', '/tools/rookie-adp', () => import('./features/tools/rookie-adp/rookie-adp-page.tsx')),
      page('AdminHome', '/admin', () => import('./features/admin/admin-home-page.tsx')),
      page(
        'AdminArticleList',
        '/admin/articles',
        () => import('./features/admin/admin-article-list-page.tsx'),
      ),
      page(
        'AdminNewArticle',
        '/admin/article/new',
        () => import('./features/admin/admin-edit-article-page.tsx'),
      ),
      page(
        'AdminEditArticle',
        '/admin/article/:id',
        () => import('./features/admin/admin-edit-article-page.tsx'),
      ),
      page(
        'AdminProfileList',
        '/admin/profiles',
        () => import('./features/admin/admin-profile-list-page.tsx'),
      ),
      page(
        'AdminNewProfile',
        '/admin/profile/new',
        () => import('./features/admin/admin-edit-profile-page.tsx'),
      ),
      page(
        'AdminEditProfile',
        '/admin/profile/:id',
        () => import('./features/admin/admin-edit-profile-page.tsx'),
      ),
      page('AdminUserList', '/admin/users', () => import('./features/admin/admin-user-list-page.tsx')),
      page('AdminEditUser', '/admin/user/:id', () => import('./features/admin/admin-edit-user-page.tsx')),
      ...Object.entries(redirects).map(([from, to]) => ({ path: from, loader: () => redirect(to) })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
