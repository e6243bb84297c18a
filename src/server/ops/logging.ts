import type { FastifyServerOptions } from 'fastify';

/*
 * What the server's log may hold. A failed database query used to be logged whole: drizzle's error
 * message carries the query's parameters (an argon2 hash, e-mail addresses, article text) and
 * PostgreSQL's `detail` the failing row. Errors are now logged as their type, their own message
 * without parameters, SQLSTATE code and stack; fields named like secrets are redacted wherever they
 * sit, and anything shaped like a password hash is blanked in whatever text remains.
 */

const REDACTED = '[redacted]';

/** Fields that hold a secret, wherever they appear in a log line (one level down too). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'cookie',
  'authorization',
  'params',
  'parameters',
];

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-forwarded-authorization"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.headers.${f}`),
];

// A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (commas included).
const ARGON2 = /\$argon2(?:id|i|d)\$[A-Za-z0-9+/=,$]*/g;

/**
 * A text with no query parameters and no password hash: drizzle's "Failed query: …\nparams: …" loses
 * everything from its parameters on (up to the stack's first frame, when it is a stack).
 */
export function scrubText(text: string): string {
  let out = text;
  const at = out.indexOf('\nparams:');
  if (at >= 0) {
    const frames = out.indexOf('\n    at ', at);
    out = `${out.slice(0, at)}\nparams: ${REDACTED}${frames >= 0 ? out.slice(frames) : ''}`;
  }
  return out.replace(ARGON2, '[password hash]');
}

// Facts about an error that never hold user data: kept as they are when they are plain values.
const SAFE_KEYS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'routine',
  'kind',
  'service',
  'status',
];

type ErrorLike = { name?: string; message?: unknown; stack?: unknown; cause?: unknown };
const isErrorLike = (v: unknown): v is ErrorLike =>
  v instanceof Error || (typeof v === 'object' && v !== null && 'message' in v && 'stack' in v);

/** An error as the log may show it (its causes too, each the same way); a text is scrubbed. */
export function safeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return scrubText(err);
  if (!isErrorLike(err)) return err;
  const e = err as ErrorLike & Record<string, unknown>;
  const type = (e.constructor as { name?: string } | undefined)?.name ?? e.name ?? 'Error';
  const message = scrubText(String(e.message ?? ''));
  const out: Record<string, unknown> = { type, message };
  if (typeof e.stack === 'string') {
    const frames = e.stack.indexOf('\n    at ');
    out.stack = `${type}: ${message}${frames >= 0 ? scrubText(e.stack.slice(frames)) : ''}`;
  }
  for (const key of SAFE_KEYS) {
    const v = e[key];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  if (e.cause !== undefined && depth < 5) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** The server's logger: pino at `level`, with the serializers and redaction above. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // Fastify types `err` as always an Error; a log line may pass anything under `error`.
    serializers: { err: safeError as never, error: safeError },
  };
}

/**
 * Fastify's per-request lines for a share of requests (LOG_REQUESTS): true skips a request's lines.
 * `random` is injectable so the sampling can be tested.
 */
export function skipRequestLines(share: number, random: () => number = Math.random) {
  if (share >= 1) return false;
  if (share <= 0) return true;
  return () => random() >= share;
}
