import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';

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
    // A real route taking a body: a cross-site form can send text/plain, so the app has no parser for it.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type },
        payload: 'username=someone&password=secret',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Send the request body as application/json.' });
    }
    // The same request as JSON reaches the route (which refuses the unknown account).
    const json = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'someone@example.test', password: 'secret-password' },
    });
    expect(json.statusCode).toBe(401);
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
