import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { KNOWN_BROWSER_COOKIE } from '#common/users.ts';
import { SESSION_COOKIE } from '#server/accounts/sessions.ts';
import { cookiesOf, type TestApp } from './app.ts';

/*
 * A random start: limits kept in Redis outlive the process, and another run (or another worker)
 * counting from the same start would find its addresses already spent.
 */
let address = randomInt(1 << 23);
/** A client address of its own per call, so the per-address limits only bite where a test wants them. */
export const freshAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** The session Set-Cookie header of an answer, or undefined. */
export function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

/** The `session=<token>` pair to send back, from an answer that set it. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const set = sessionSetCookie(res);
  if (!set) throw new Error(`no session cookie in the answer (${res.statusCode} ${res.body})`);
  return set.split(';')[0];
}

/**
 * The `known_browser=…` pair an answer set (a log-in that worked marks its browser as known to the
 * account, decision 032), to send back as that browser would.
 */
export function knownBrowserCookie(res: LightMyRequestResponse): string {
  const pair = cookiesOf(res).find((c) => c.startsWith(`${KNOWN_BROWSER_COOKIE}=`));
  if (!pair) throw new Error(`no known-browser cookie in the answer (${res.statusCode} ${res.body})`);
  return pair;
}

export function login(
  t: TestApp,
  username: string,
  password: string,
  opts: { cookie?: string; remoteAddress?: string } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    cookie: opts.cookie,
    remoteAddress: opts.remoteAddress ?? freshAddress(),
  });
}

export function signup(
  t: TestApp,
  body: Record<string, unknown>,
  opts: { cookie?: string; remoteAddress?: string } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/signup',
    payload: body,
    cookie: opts.cookie,
    remoteAddress: opts.remoteAddress ?? freshAddress(),
  });
}

let n = 0;
export const uniqueEmail = (label = 'person') => `${label}.${Date.now().toString(36)}.${++n}@example.test`;
