import type { ConnectPayloads } from '#client/api/leagues.ts';
import {
  ESPN_MAX_LEAGUES,
  ESPN_S2,
  ESPN_SWID,
  espnEntryLines,
  normaliseSwid,
  parseEspnEntry,
} from '#common/espn.ts';

/*
 * The ESPN connect form's own checks, made before anything is sent, with the same rules and words
 * as the server's schema (espnConnectSchema): each line of the box a league id or an ESPN team
 * page address, at most ESPN_MAX_LEAGUES of them, and both cookies or neither.
 */

export interface EspnFormValues {
  /** The box: one league id or team page address a line. */
  leagues: string;
  espnS2: string;
  swid: string;
}

export type EspnFormErrors = Partial<Record<keyof EspnFormValues, string>>;

export type EspnConnectBody = ConnectPayloads['espn'];

export type EspnFormCheck = { ok: true; body: EspnConnectBody } | { ok: false; errors: EspnFormErrors };

/** What the server takes for one entry (espnConnectSchema). */
const ENTRY_MAX = 500;
/** Wrong lines named one by one; past this many the rest are counted. */
const NAMED = 3;

const shown = (entry: string) => (entry.length > 40 ? `${entry.slice(0, 37)}…` : entry);

/**
 * "Line 2 (“abc”) is not …": the lines of the box holding something that is neither a league id nor
 * an ESPN address (a line may hold several, split as the server splits them: espnEntryLines).
 */
export function wrongLines(text: string): string | undefined {
  const wrong = text
    .split('\n')
    .flatMap((line, i) =>
      espnEntryLines(line).some((e) => e.length > ENTRY_MAX || !parseEspnEntry(e))
        ? [{ line: i + 1, text: line.trim() }]
        : [],
    );
  if (wrong.length === 0) return undefined;
  const named = wrong
    .slice(0, NAMED)
    .map((w) => `line ${w.line} (“${shown(w.text)}”)`)
    .join(', ');
  const more = wrong.length > NAMED ? ` and ${wrong.length - NAMED} more` : '';
  const one = wrong.length === 1;
  return `${named.charAt(0).toUpperCase()}${named.slice(1)}${more} ${one ? 'is not a league id or an ESPN team page address' : 'are not league ids or ESPN team page addresses'}.`;
}

/** Checks the form; when it holds, the body POST /api/espn/connect takes. */
export function checkEspnForm(values: EspnFormValues): EspnFormCheck {
  const errors: EspnFormErrors = {};
  const entries = [...new Set(espnEntryLines(values.leagues))];
  const espnS2 = values.espnS2.trim();
  const swid = values.swid.trim();

  const wrong = wrongLines(values.leagues);
  if (wrong) errors.leagues = wrong;
  else if (entries.length > ESPN_MAX_LEAGUES)
    errors.leagues = `Add at most ${ESPN_MAX_LEAGUES} ESPN leagues at once.`;

  if (espnS2 && !ESPN_S2.test(espnS2)) errors.espnS2 = 'espn_s2 is a long code of letters, digits and %.';
  if (swid && !ESPN_SWID.test(swid)) errors.swid = 'SWID looks like {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}.';
  const both = 'Give both ESPN cookies, espn_s2 and SWID, or neither.';
  if (espnS2 && !swid) errors.swid = both;
  if (swid && !espnS2) errors.espnS2 = both;

  if (entries.length === 0 && !espnS2 && !swid) errors.leagues = 'Add a league id, or your ESPN cookies.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { leagues: entries, ...(swid && espnS2 ? { swid: normaliseSwid(swid), espnS2 } : {}) },
  };
}
