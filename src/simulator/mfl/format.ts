/** MFL's wire conventions: string scalars, collapsed one-element lists, `$t` text, the envelope, and XML. */

/** MFL sends a list of one as the bare object and may leave an empty list out; this mirrors that. */
export function collapse<T>(items: T[]): T | T[] | undefined {
  if (items.length === 0) return undefined;
  return items.length === 1 ? items[0] : items;
}

/** Two-decimal score string, as leagues with precision 2 show. */
export function pts(n: number): string {
  return n.toFixed(2);
}

export type MflBody = Record<string, unknown>;

export function envelope(payload: MflBody): MflBody {
  return { version: '1.0', ...payload, encoding: 'utf-8' };
}

export function errorBody(text: string): MflBody {
  return { version: '1.0', error: { $t: text }, encoding: 'utf-8' };
}

export const MUST_USE_API_HOST = 'Invalid request. This API request must go to api.myfantasyleague.com';

export function loginRequired(leagueId: string): string {
  return `API requires logged in user in league ID ${leagueId} - Please be sure to pass the proper MFL_USER_ID cookie or APIKEY parameter`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** MFL's JSON is its XML turned inside out: scalar members are attributes, objects are child elements. */
export function toXml(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => toXml(name, v)).join('');
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null) return `<${name}>${esc(String(value))}</${name}>`;
  const entries = Object.entries(value as Record<string, unknown>);
  const attrs = entries
    .filter(([k, v]) => k !== '$t' && typeof v === 'string')
    .map(([k, v]) => ` ${k}="${esc(v as string)}"`)
    .join('');
  const text = typeof (value as { $t?: unknown }).$t === 'string' ? esc((value as { $t: string }).$t) : '';
  const children = entries
    .filter(([, v]) => typeof v === 'object' && v !== null)
    .map(([k, v]) => toXml(k, v))
    .join('');
  if (!text && !children) return `<${name}${attrs}/>`;
  return `<${name}${attrs}>${text}${children}</${name}>`;
}

/** The XML form of an enveloped body: its one payload member as the root element. */
export function bodyToXml(body: MflBody): string {
  const [name, value] = Object.entries(body).find(([k]) => k !== 'version' && k !== 'encoding')!;
  return `<?xml version="1.0" encoding="utf-8"?>\n${toXml(name, value)}\n`;
}

export function xmlStatus(text: string, attrs = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<status${attrs}>${esc(text)}</status>\n`;
}

export function xmlError(text: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<error>${esc(text)}</error>\n`;
}

/** What MFL shows instead of XML when an import comes without a logged-in user. */
export function loginPage(year: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>MyFantasyLeague.com - Login</title></head>
<body><h1>Login Required</h1>
<p>You must be logged in to access this page.</p>
<form method="post" action="/${year}/login">
<label>Username <input type="text" name="USERNAME"></label>
<label>Password <input type="password" name="PASSWORD"></label>
<input type="submit" value="Login">
</form></body></html>
`;
}
