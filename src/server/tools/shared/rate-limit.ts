/**
 * Per-address ceiling on the league tools' routes: a page load sends a dozen chunks, so this only
 * stops a loop from pushing the league services (and our standing with them) around.
 */
export const toolRateLimit = { rateLimit: { max: 300, timeWindow: 60_000 } };
