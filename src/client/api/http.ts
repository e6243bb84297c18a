import { NDJSON_TYPE, readNdjson } from '#common/ndjson.ts';

/**
 * An API failure with the server's message (the { error } body) or the status text, and the body
 * field it is about when the server names one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message of an error that is about `field` (from the server or the form's own checks), or undefined. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError && error.field === field ? error.message : undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let inFlight = 0;
const whenIdle = new Set<() => void>();

/** Resolves once no API call is on its way (at once when none is). */
export function apiIdle(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.add(resolve));
}

/** How many API calls are on their way. */
export const apiCallsInFlight = () => inFlight;

/** Calls the JSON API. Errors throw ApiError with the server's `error` text. */
export function api<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  return whileOnItsWay(() => call<T>(path, opts));
}

/** Counts `work` as an API call on its way until it ends (a call, or a call with its retry). */
export async function whileOnItsWay<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
    if (inFlight === 0) {
      for (const resolve of whenIdle) resolve();
      whenIdle.clear();
    }
  }
}

/** The fetch of an API call: `path` under /api, a body sent as JSON. */
function send(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal },
  accept: string,
): Promise<Response> {
  return fetch(`/api/${path.replace(/^\/?(api\/)?/, '')}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: opts.body === undefined ? { accept } : { 'content-type': 'application/json', accept },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'same-origin',
    signal: opts.signal,
  });
}

/** The JSON of an answer's text, or null when it has none or is not JSON. */
function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A failed answer's error: the server's `error` text (and field), else the status text. */
function errorOf(res: Response, data: unknown): ApiError {
  const body = data as { error?: string; field?: string } | null;
  return new ApiError(
    res.status,
    body?.error ?? (res.statusText || `Request failed (${res.status})`),
    body?.field,
  );
}

async function call<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const res = await send(path, opts, 'application/json');
  const data = jsonOf(await res.text());
  if (!res.ok) throw errorOf(res, data);
  return data as T;
}

/** How a streamed answer is read: each line checked, and a whole JSON answer taken apart into lines. */
export interface StreamReading<L> {
  /** Checks one line (a shared schema's parse); throws on a line that is not one. */
  line: (value: unknown) => L;
  /** The lines of a whole JSON answer, for a server (or proxy) that answers in one piece. */
  whole: (value: unknown) => Iterable<L>;
}

/**
 * Calls a streaming API route (NDJSON): each line is checked (by `reading`, or by the reading a
 * promise gives, which loads while the request is on its way) and handed to `onLine` the moment it
 * is whole, and the call counts as on its way (apiIdle) until the stream
 * ends. A whole JSON answer is read too, line by line. Errors throw ApiError as api() does.
 */
export function stream<L>(
  path: string,
  reading: StreamReading<L> | Promise<StreamReading<L>>,
  onLine: (line: L) => void,
  opts: { body?: unknown; signal?: AbortSignal } = {},
): Promise<void> {
  return whileOnItsWay(async () => {
    const res = await send(path, opts, `${NDJSON_TYPE}, application/json`);
    if (!res.ok) throw errorOf(res, jsonOf(await res.text()));
    // Checks loaded with the first request (their schemas are not in the page's first load) are
    // awaited here, once the answer has begun: no line is handed on unchecked.
    const read = await reading;
    if (!(res.headers.get('content-type') ?? '').startsWith(NDJSON_TYPE)) {
      for (const line of read.whole(await res.json())) onLine(line);
      return;
    }
    if (!res.body) throw new Error('The answer ended before it began');
    for await (const value of readNdjson(res.body)) onLine(read.line(value));
  });
}

/** A public API answer a page reads. */
export interface PublicRead<T> {
  /** Its path under /api, with its query (`articles?limit=6`): the key it is kept under. */
  path: string;
  /** How long an answer stays fresh, in ms (30 s unless told); an older one shows while asked for again. */
  fresh?: number;
  /** While the answer at a new path is on its way, show the one before (a list's next page). */
  keepPrevious?: boolean;
  /** False: nothing is asked for (a search with no term). */
  enabled?: boolean;
  /** The answer's type, for the reader's sake (never set). */
  readonly answer?: T;
}

/** Builds a query string from the values that are set (empty values are left out). */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
