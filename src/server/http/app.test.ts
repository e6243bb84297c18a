import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/app.ts';
import { testDbKind } from '../test/database.ts';

describe(`app basics (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('answers the health check with the database kind', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: testDbKind });
  });

  it('answers /robots.txt naming the sitemap by its absolute address', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap\.xml$/m);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No API route GET /api/nope' });
  });

  it('refuses a cross-site POST', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Cross-site/);
  });

  it('refuses non-JSON bodies', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect([404, 415]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('error');
  });

  it('redirects old tool addresses and unknown paths', async () => {
    const fa = await t.request({ method: 'GET', url: '/tools/fa-checker' });
    expect(fa.statusCode).toBe(301);
    expect(fa.headers.location).toBe('/tools/status-checker');
    for (const old of ['/tools/mfl-rostership', '/tools/sleeper-rostership']) {
      const res = await t.request({ method: 'GET', url: old });
      expect(res.headers.location).toBe('/tools/rostership');
    }
    const unknown = await t.request({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/');
  });

  it('sets security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
