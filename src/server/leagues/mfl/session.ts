import { type LeagueServiceError, leagueError } from '../errors.ts';
import type { ServiceHttp, ServiceResponse } from '../http.ts';
import { sameSite } from '../http.ts';
import { leagueHost, mflSeasonYear, mflUrl, yearFromLeagueUrl } from './hosts.ts';
import { decodeXml, isRecord, mflError, parseLoginXml, text } from './parse.ts';

/** A league as the app knows it: its id and (ideally) its url, which names its host and season. */
export interface MflLeagueRef {
  league_id: string;
  url?: string;
  year?: number;
}

/** Query parameters of an MFL address; undefined ones are left out. */
export type MflParams = Record<string, string | number | undefined>;

/**
 * The way to MFL: which host serves a league and in which season, the visitor's cookie (sent to
 * MFL's own hosts and nowhere else), login, and MFL's clock.
 */
export interface MflSession {
  /** e.g. https://api.myfantasyleague.com (no year, no trailing slash). */
  apiUrl: string;
  /** The season MFL is in now (January and February still count as last season). */
  seasonYear(): number;
  /**
   * MFL's clock (epoch ms): ours, corrected by the Date of MFL's latest answer when the two differ
   * by more than the header's one-second grain.
   */
  now(): number;
  /** The league's host (from its url), else the API host. */
  hostOf(league: MflLeagueRef): string;
  yearOf(league: MflLeagueRef): number;
  /** Signs in and answers the MFL_USER_ID cookie value. The password is sent to MFL and nowhere else. */
  login(username: string, password: string): Promise<string>;
  /** An export's JSON (TYPE=… of `base`), with MFL's errors thrown in MFL's words. */
  exportJson(
    base: string,
    year: number,
    params: MflParams,
    cookie?: string,
    timeoutMs?: number,
  ): Promise<unknown>;
  /** Posts a form to one of a league's imports (TYPE=…) and answers MFL's text. */
  importForm(league: MflLeagueRef, type: string, form: URLSearchParams, cookie: string): Promise<string>;
}

/** A 404 keeps MFL's words when it sent some ("Invalid league ID 123"). */
function notFound(body: string): LeagueServiceError {
  let words = '';
  try {
    const json = JSON.parse(body) as unknown;
    if (isRecord(json)) words = text(json.error);
  } catch {
    words = /<error[^>]*>([\s\S]*?)<\/error>/i.exec(body)?.[1] ?? '';
  }
  return leagueError('mfl', 'not-found', decodeXml(words).trim() || 'MFL could not find that league');
}

export function createMflSession(options: {
  http: ServiceHttp;
  apiUrl: string;
  now?: () => number;
}): MflSession {
  const { http } = options;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const api = new URL(apiUrl);
  const now = options.now ?? Date.now;
  const seasonYear = () => mflSeasonYear(now());
  let clockOffsetMs = 0;
  const learnClock = (res: ServiceResponse) => {
    const dated = Date.parse(res.headers.get('date') ?? '');
    if (!Number.isFinite(dated)) return;
    // The header drops the milliseconds: its second runs on for another half second on average.
    const offset = dated + 500 - now();
    clockOffsetMs = Math.abs(offset) < 2000 ? 0 : offset;
  };

  const hostOf = (league: MflLeagueRef) => leagueHost(league.url, apiUrl) ?? apiUrl;
  const yearOf = (league: MflLeagueRef) => league.year ?? yearFromLeagueUrl(league.url) ?? seasonYear();

  /**
   * Sends a request, following redirects by hand so the cookie goes along, and only to MFL's own
   * hosts: a redirect anywhere else is refused, not followed.
   */
  async function request(
    url: string,
    init: { method?: 'GET' | 'POST'; body?: string; cookie?: string; timeoutMs?: number } = {},
  ): Promise<ServiceResponse> {
    let target = url;
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; hop <= 3; hop++) {
      const headers: Record<string, string> = {};
      if (init.cookie && sameSite(new URL(target), api))
        headers.cookie = `MFL_USER_ID=${encodeURIComponent(init.cookie)}`;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await http.send({
        url: target,
        method,
        body,
        headers,
        redirect: 'manual',
        passStatuses: [404],
        timeoutMs: init.timeoutMs,
      });
      learnClock(res);
      if (res.status < 300 || res.status >= 400) return res;
      const location = res.headers.get('location');
      if (!location) break;
      // Only to MFL's own hosts: a redirect elsewhere (another site, an address inside our own
      // network) is not followed, with or without the cookie.
      const next = new URL(location, target);
      if (!sameSite(next, api)) throw leagueError('mfl', 'unreadable');
      target = next.href;
      if (res.status === 303) {
        method = 'GET';
        body = undefined;
      }
    }
    throw leagueError('mfl', 'unavailable');
  }

  return {
    apiUrl,
    seasonYear,
    now: () => now() + clockOffsetMs,
    hostOf,
    yearOf,

    async login(username, password) {
      const form = new URLSearchParams({ USERNAME: username, PASSWORD: password, XML: '1' });
      const res = await request(mflUrl(apiUrl, seasonYear(), 'login', {}), {
        method: 'POST',
        body: form.toString(),
      });
      if (res.status === 404) throw leagueError('mfl', 'unavailable');
      const answer = parseLoginXml(res.text);
      if (!answer.ok) throw leagueError('mfl', 'rejected', answer.error, { statusCode: 401 });
      return answer.cookie;
    },

    // MFL sometimes answers errors as XML even when asked for JSON.
    async exportJson(base, year, params, cookie, timeoutMs) {
      const res = await request(mflUrl(base, year, 'export', { ...params, JSON: 1 }), { cookie, timeoutMs });
      if (res.status === 404) throw notFound(res.text);
      try {
        return JSON.parse(res.text) as unknown;
      } catch {
        const xmlError = /<error[^>]*>([\s\S]*?)<\/error>/i.exec(res.text);
        if (xmlError) throw mflError(decodeXml(xmlError[1]));
        throw leagueError('mfl', 'unreadable');
      }
    },

    async importForm(league, type, form, cookie) {
      const url = mflUrl(hostOf(league), yearOf(league), 'import', { TYPE: type, L: league.league_id });
      const res = await request(url, { method: 'POST', body: form.toString(), cookie });
      if (res.status === 404) throw notFound(res.text);
      return res.text;
    },
  };
}
