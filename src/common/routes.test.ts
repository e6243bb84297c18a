import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPagePath, matchRoute, pageRoutes, pathFor, redirects, screenExport } from './routes.ts';

describe('matchRoute', () => {
  it('names the route and decodes its parameters', () => {
    expect(matchRoute('/article/ja%27marr-chase')).toMatchObject({
      route: { name: 'Article' },
      params: { shortname: "ja'marr-chase" },
    });
    expect(matchRoute('/tools/lineup/12345')).toMatchObject({
      route: { name: 'LeagueLineup' },
      params: { leagueId: '12345' },
    });
  });

  it('accepts one trailing slash', () => {
    expect(matchRoute('/articles/')?.route.name).toBe('ArticleList');
    expect(matchRoute('/articles//')).toBeNull();
  });

  it('sends "new" to the create screens and a number to the edit screens', () => {
    expect(matchRoute('/admin/article/new')).toMatchObject({
      route: { name: 'AdminNewArticle' },
      params: {},
    });
    expect(matchRoute('/admin/article/7')).toMatchObject({
      route: { name: 'AdminEditArticle' },
      params: { id: '7' },
    });
    expect(matchRoute('/admin/profile/new')?.route.name).toBe('AdminNewProfile');
  });

  it('keeps a malformed escape as written instead of throwing', () => {
    expect(matchRoute('/profile/%E0%A4%A')?.params).toEqual({ shortname: '%E0%A4%A' });
  });

  it('knows no other paths', () => {
    for (const path of ['/nope', '/article', '/article/a/b', '/admin/article', '/tools', '/api/health'])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe('the route table', () => {
  it('names each route once', () => {
    const names = pageRoutes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('points every route at a screen file that exists', () => {
    for (const r of pageRoutes)
      expect(existsSync(join(import.meta.dirname, '../client', r.module)), r.module).toBe(true);
  });

  it('finds each screen under the name of its file', () => {
    expect(screenExport('features/auth/login-page.tsx')).toBe('LoginPage');
    expect(screenExport('features/tools/rookie-adp/rookie-adp-page.tsx')).toBe('RookieAdpPage');
    for (const r of pageRoutes) {
      const source = readFileSync(join(import.meta.dirname, '../client', r.module), 'utf8');
      expect(source, r.module).toMatch(new RegExp(`^export function ${screenExport(r.module)}\\(\\)`, 'm'));
    }
  });

  it('redirects moved addresses to pages', () => {
    for (const [from, to] of Object.entries(redirects)) {
      expect(isPagePath(from), from).toBe(false);
      expect(isPagePath(to), to).toBe(true);
    }
  });

  it('builds paths from names, escaping parameters', () => {
    expect(pathFor('Profile', { shortname: 'a b' })).toBe('/profile/a%20b');
    expect(pathFor('AdminNewArticle')).toBe('/admin/article/new');
    for (const r of pageRoutes) {
      const params = Object.fromEntries([...r.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 'x']));
      expect(matchRoute(pathFor(r.name, params))?.route.name).toBe(r.name);
    }
  });
});
