import { describe, expect, it } from 'vitest';
import { destinationAfterLogIn, loginPathFrom, safeNextPath } from './next-path.ts';

const plain = { isContributor: false, isSuperUser: false };
const contributor = { isContributor: true, isSuperUser: false };

describe('where a log-in ends', () => {
  it('returns to the page the visitor came from', () => {
    expect(destinationAfterLogIn(plain, '/tools/rostership?x=1')).toBe('/tools/rostership?x=1');
    expect(destinationAfterLogIn(contributor, '/article/abc')).toBe('/article/abc');
  });

  it('else home for plain users and the admin panel for those who may use it', () => {
    expect(destinationAfterLogIn(plain, null)).toBe('/');
    expect(destinationAfterLogIn(contributor, undefined)).toBe('/admin');
  });

  it('never leaves the site or loops back to the forms', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/signup?next=/x',
      '/x\n',
    ])
      expect(safeNextPath(bad), bad).toBeUndefined();
  });

  it('builds the log-in link for the page being left', () => {
    expect(loginPathFrom('/tools/lineup', '?league=1')).toBe('/login?next=%2Ftools%2Flineup%3Fleague%3D1');
    expect(loginPathFrom('/')).toBe('/login');
    expect(loginPathFrom('/login', '?next=/x')).toBe('/login');
  });
});
