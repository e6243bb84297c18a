/**
 * How long a connection may take over each part of an exchange. Fastify turns Node's request
 * timeout off by default, so a client sending its body a byte every few seconds held a socket (and
 * its buffers) for ever; a few hundred such clients exhaust the process's descriptors.
 */
export interface HttpTimeouts {
  /** The request line and headers (a browser, or Caddy, sends them at once). */
  headersMs: number;
  /**
   * The whole request, body included (at most 1 MB), after which Node answers 408 and closes.
   * Only the receiving is bounded: once the request is in, an answer takes as long as it takes
   * (the league tools' streamed NDJSON, a backup handed to `npm run backup`).
   */
  requestMs: number;
  /**
   * A connection on which nothing moves either way (a client that stopped reading its answer).
   * Well above the longest quiet in an answer: a streamed league may take 30 s to its line, a
   * backup some seconds before its first byte.
   */
  idleMs: number;
  /** Between requests on a kept-alive connection: longer than Caddy's (60 s), so the proxy closes first. */
  keepAliveMs: number;
  /** How often Node looks for requests past their time (its own default is 30 s). */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 120_000,
  keepAliveMs: 72_000,
  checkEveryMs: 5_000,
};

/** Fastify's (and through it Node's) server options for these timeouts. */
export const timeoutOptions = (t: HttpTimeouts = HTTP_TIMEOUTS) => ({
  requestTimeout: t.requestMs,
  connectionTimeout: t.idleMs,
  keepAliveTimeout: t.keepAliveMs,
  http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkEveryMs },
});
