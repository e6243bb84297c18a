import { type LeagueType, leagueTypeLabel } from '#common/leagues.ts';
import { HttpError } from '../http/errors.ts';

/**
 * What went wrong when talking to a league service. The kind decides the status the visitor gets:
 * the service being slow, down, unreadable or rate limiting is "their side" (502/503); the service
 * refusing what the visitor typed keeps the service's own words.
 */
export type LeagueErrorKind =
  | 'timeout'
  | 'rate-limited'
  | 'unavailable'
  | 'unreadable'
  | 'not-found'
  | 'not-logged-in'
  | 'rejected';

const statusByKind: Record<LeagueErrorKind, number> = {
  timeout: 502,
  'rate-limited': 503,
  unavailable: 502,
  unreadable: 502,
  'not-found': 404,
  'not-logged-in': 401,
  rejected: 502,
};

export class LeagueServiceError extends HttpError {
  constructor(
    readonly service: LeagueType,
    readonly kind: LeagueErrorKind,
    message: string,
    options: { statusCode?: number; retryAfterMs?: number } = {},
  ) {
    super(options.statusCode ?? statusByKind[kind], message);
    this.name = 'LeagueServiceError';
    this.retryAfterMs = options.retryAfterMs;
  }
  readonly retryAfterMs: number | undefined;
}

/** The standard message for each transport failure, naming the service. */
export function transportMessage(service: LeagueType, kind: LeagueErrorKind): string {
  const label = leagueTypeLabel[service];
  switch (kind) {
    case 'timeout':
      return `${label} did not answer in time, try again shortly`;
    case 'rate-limited':
      return `${label} is rate limiting us, try again shortly`;
    case 'unreadable':
      return `${label} sent an answer we could not read`;
    case 'not-found':
      return `${label} could not find that`;
    case 'not-logged-in':
      return `Your ${label} login has expired, log in to ${label} again`;
    case 'rejected':
      return `${label} refused the request`;
    default:
      return `${label} is not available right now, try again later`;
  }
}

export function leagueError(
  service: LeagueType,
  kind: LeagueErrorKind,
  message = transportMessage(service, kind),
  options: { statusCode?: number; retryAfterMs?: number } = {},
): LeagueServiceError {
  return new LeagueServiceError(service, kind, message, options);
}

export const isLeagueError = (e: unknown, kind?: LeagueErrorKind): e is LeagueServiceError =>
  e instanceof LeagueServiceError && (kind === undefined || e.kind === kind);
