import { type LeagueServiceError, leagueError } from '../errors.ts';

/*
 * MFL's answers around the exports: the error envelope of a JSON answer (every scalar a string, text
 * nodes as `{ "$t": "…" }`), and the XML answers of login and imports. The exports themselves are
 * read by the schemas in schemas.ts.
 */

export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text node (`{ "$t": "…" }`) or a plain string, as a string. */
export function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (isRecord(v) && typeof v.$t === 'string') return v.$t;
  return '';
}

/** A scalar as a string exactly as sent ('' when missing). */
export function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The messages MFL uses when the cookie is missing, expired or not in the league. */
const notLoggedInPattern = /logged in user|MFL_USER_ID|APIKEY|not logged in|login required/i;

/** An error MFL sent inside an HTTP 200, carrying MFL's own words. */
export function mflError(message: string): LeagueServiceError {
  const words = message.trim() || 'MFL refused the request';
  if (notLoggedInPattern.test(words)) return leagueError('mfl', 'not-logged-in', words);
  return leagueError('mfl', 'rejected', words);
}

/**
 * Checks a parsed export: an `error` member becomes a thrown error with MFL's text; anything that is
 * not an object is unreadable. Returns the whole body.
 */
export function checkBody(body: unknown): Json {
  if (typeof body === 'string' && body.trim()) throw mflError(body);
  if (!isRecord(body)) throw leagueError('mfl', 'unreadable');
  if ('error' in body) throw mflError(text(body.error) || str(body.error));
  return body;
}

/** The `<type>` member of an export (`{}` when MFL left it out). */
export function payload(body: unknown, type: string): Json {
  const checked = checkBody(body);
  const inner = checked[type];
  if (inner === undefined) return {};
  if (!isRecord(inner)) throw leagueError('mfl', 'unreadable');
  return inner;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : all;
    }
    return entities[name.toLowerCase()] ?? all;
  });
}

function xmlAttribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return m ? decodeXml(m[2] ?? m[3] ?? '') : undefined;
}

function xmlElement(xml: string, name: string): { tag: string; body: string } | undefined {
  const m = new RegExp(`<${name}(\\s[^>]*?)?(/>|>([\\s\\S]*?)</${name}\\s*>)`, 'i').exec(xml);
  return m ? { tag: m[0], body: decodeXml((m[3] ?? '').trim()) } : undefined;
}

export type LoginAnswer = { ok: true; cookie: string } | { ok: false; error: string };

/**
 * Reads the answer to `login?XML=1`: `<status MFL_USER_ID="…">OK</status>` on success (the
 * attribute holds the plain cookie value), `<error>Invalid Password</error>` or similar otherwise.
 */
export function parseLoginXml(xml: string): LoginAnswer {
  const status = xmlElement(xml, 'status');
  if (status) {
    const cookie = xmlAttribute(status.tag, 'MFL_USER_ID') ?? xmlAttribute(status.tag, 'cookie_value');
    if (cookie) return { ok: true, cookie };
  }
  const error = xmlElement(xml, 'error');
  if (error) {
    const message = error.body || xmlAttribute(error.tag, 'status') || '';
    return { ok: false, error: message || 'MFL did not accept that user name and password' };
  }
  if (status?.body && status.body.toUpperCase() !== 'OK') return { ok: false, error: status.body };
  return { ok: false, error: 'MFL did not accept that user name and password' };
}

export type ImportAnswer = { ok: true } | { ok: false; notLoggedIn: boolean; error: string };

/**
 * Reads the answer to an import (lineup): `<status>OK</status>`, `<error>reason</error>`, or an
 * HTML page (MFL's login form) when the cookie was not accepted. JSON answers are read as well.
 */
export function parseImportAnswer(body: string): ImportAnswer {
  const trimmed = body.trim();
  if (/^<!doctype html|^<html/i.test(trimmed)) {
    return { ok: false, notLoggedIn: true, error: 'Your MFL login has expired, log in to MFL again' };
  }
  if (trimmed.startsWith('{')) {
    try {
      const json = JSON.parse(trimmed) as unknown;
      if (isRecord(json)) {
        if ('error' in json) {
          const message = text(json.error) || str(json.error);
          return { ok: false, notLoggedIn: notLoggedInPattern.test(message), error: message };
        }
        const status = text(json.status) || str(json.status);
        if (/^ok\b/i.test(status.trim())) return { ok: true };
        if (status) return { ok: false, notLoggedIn: false, error: status };
      }
    } catch {
      // fall through to the "could not read" answer below
    }
  }
  const error = xmlElement(trimmed, 'error');
  if (error) {
    const message = error.body || xmlAttribute(error.tag, 'status') || 'MFL refused the lineup';
    return { ok: false, notLoggedIn: notLoggedInPattern.test(message), error: message };
  }
  const status = xmlElement(trimmed, 'status');
  if (status && /^ok\b/i.test(status.body)) return { ok: true };
  if (status?.body) return { ok: false, notLoggedIn: false, error: status.body };
  return { ok: false, notLoggedIn: false, error: 'MFL sent an answer we could not read' };
}
