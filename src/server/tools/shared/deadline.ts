import { HttpError } from '#server/http/errors.ts';

/*
 * How long a league tool waits for one league, and what it says of a league that failed. A league
 * that fails or runs late is reported on its own: the chunk's other leagues never wait on it.
 */

/** The words the visitor sees for a league that failed: the service's own when they are safe to show. */
export function leagueFailureMessage(e: unknown): string {
  return e instanceof HttpError ? e.message : 'This league could not be read, try again';
}

/**
 * How long one league may take before the chunk answers without it. The service client may retry a
 * slow service twice at 10 s each (~21 s); holding the chunk's other leagues that long left fast
 * leagues waiting on a slow one. Past this the league is reported failed, with the page's Retry.
 */
export const LEAGUE_DEADLINE_MS = 8_000;

/**
 * Streamed, a slow league holds nobody back, so it may take the transport's whole span (a timeout
 * and two retries) before it is reported failed. The 8 s cut cost visitors with many MFL leagues
 * some of them: at MFL's pace their last leagues wait in line longer than that.
 */
export const STREAM_LEAGUE_DEADLINE_MS = 30_000;

export const slowLeagueMessage = 'This league is taking too long to answer, try again';

export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, slowLeagueMessage)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
