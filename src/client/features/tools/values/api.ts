import { type PublicRead, query } from '#client/api/http.ts';
import type { TradesAnswer } from '#common/trades.ts';
import type { ValuesAnswer } from '#common/values.ts';

/** A format's market values (the values job's last set); kept 5 minutes, as they change by the job only. */
export const valuesQuery = (format: string): PublicRead<ValuesAnswer> => ({
  path: `values${query({ format })}`,
  fresh: 5 * 60_000,
  keepPrevious: true,
});

/** The real trades a player changed hands in (`<service>:<id>`), on every service he is on. */
export const playerTradesQuery = (player: string, enabled = true): PublicRead<TradesAnswer> => ({
  path: `values/trades${query({ player })}`,
  fresh: 5 * 60_000,
  enabled,
});
