import type { ParsedLeague } from '#common/adp-data.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { LeagueServiceError } from '#server/leagues/errors.ts';
import { yearFromLeagueUrl } from '#server/leagues/mfl/hosts.ts';
import type { LeagueServices } from '#server/leagues/services.ts';

const label = { mfl: 'MFL', sleeper: 'Sleeper', flea: 'Fleaflicker' } as const;

/**
 * Reads a league from its service before the admin page lists it, as the crawl will read it (no
 * member's cookie; an MFL league in the season its address names, else the current one). A league
 * the service does not have, or will not show without a member's log-in, is refused beside the
 * field (400, field `league`); a service that cannot be reached is said apart (502/503), and nothing
 * is listed either way. A Fleaflicker league is read by its rules, as the trades job reads it.
 */
export async function checkListedLeague(
  services: Pick<LeagueServices, 'mfl' | 'sleeper' | 'flea'>,
  league: ParsedLeague,
): Promise<void> {
  const { service, leagueId } = league;
  const year = service === 'mfl' ? (yearFromLeagueUrl(league.url) ?? services.mfl.seasonYear()) : undefined;
  try {
    if (service === 'sleeper') await services.sleeper.league(leagueId);
    else if (service === 'flea') await services.flea.leagueRules(leagueId);
    else await services.mfl.league({ league_id: leagueId, url: league.url, year });
  } catch (e) {
    if (!(e instanceof LeagueServiceError)) throw e;
    throw leagueProblem(e, league, year);
  }
}

function leagueProblem(e: LeagueServiceError, league: ParsedLeague, year: number | undefined): HttpError {
  const { service, leagueId } = league;
  const name = label[service];
  if (e.kind === 'not-found' || (e.kind === 'rejected' && /invalid league/i.test(e.message)))
    return badRequest(
      service === 'mfl'
        ? `MFL has no league ${leagueId} in ${year}: check the id, or paste the league's address (it names its season).`
        : `${name} has no league ${leagueId}: check the id or the address.`,
      'league',
    );
  if (e.kind === 'not-logged-in')
    return badRequest(
      `${name} league ${leagueId} is private: only its members may read it, so its ${service === 'flea' ? 'trades cannot be read for trade values' : 'drafts cannot be read for Rookie ADP'}.`,
      'league',
    );
  if (e.kind === 'rejected')
    return badRequest(`${name} would not show league ${leagueId}: ${e.message}`, 'league');
  // Timeout, no connection, rate limit, an answer we could not read: their side, not the league's.
  const status = e.statusCode >= 500 ? e.statusCode : 502;
  const err = new HttpError(
    status,
    `Could not check ${name} league ${leagueId}, so it was not listed: ${e.message}.`,
  );
  return Object.assign(err, { retryAfterMs: e.retryAfterMs });
}
