import { sameSite } from '../http.ts';

/*
 * MFL serves each league from its own host (wwwNN). A league request sent to the api host is
 * answered with a 302 to that host, and fetch drops the Cookie header on such a hop, so league calls
 * go straight to the league's host, read from its url ("everything before /<year>/").
 */

/** MFL rolls its season over around February: January and February still belong to last season. */
export function mflSeasonYear(nowMs: number): number {
  const d = new Date(nowMs);
  const year = d.getUTCFullYear();
  return d.getUTCMonth() < 2 ? year - 1 : year;
}

/** The season in a league url such as https://www70.myfantasyleague.com/2020/home/21499. */
export function yearFromLeagueUrl(url: string | undefined): number | undefined {
  const m = url ? /^https?:\/\/[^?#]*?\/((?:19|20)\d\d)(?:\/|$)/.exec(url) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * The league's host (base URL without the year) from its url or baseURL, or undefined when there is
 * none or it points somewhere that is not MFL: the url comes from the visitor, and the visitor's MFL
 * cookie must never be sent to another site.
 */
export function leagueHost(url: string | undefined, apiUrl: string): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  let api: URL;
  try {
    parsed = new URL(url);
    api = new URL(apiUrl);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  // Old league urls are http on the default port: read them as the api's https.
  if (parsed.protocol === 'http:' && api.protocol === 'https:' && !parsed.port) {
    parsed = new URL(parsed.href);
    parsed.protocol = 'https:';
  }
  if (!sameSite(parsed, api)) return undefined;
  const path = parsed.pathname.replace(/\/+$/, '');
  const m = /^(.*?)\/(?:19|20)\d\d(?:\/|$)/.exec(`${path}/`);
  const base = m ? m[1] : path;
  return `${parsed.protocol}//${parsed.host}${base}`;
}

/** `<base>/<year>/<command>?<params>`, leaving out empty parameters. */
export function mflUrl(
  base: string,
  year: number,
  command: string,
  params: Record<string, string | number | undefined>,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `${base.replace(/\/+$/, '')}/${year}/${command}${qs ? `?${qs}` : ''}`;
}
