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

async function call<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const res = await fetch(`/api/${path.replace(/^\/?(api\/)?/, '')}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers:
      opts.body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'same-origin',
    signal: opts.signal,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: fall through to the status text.
  }
  if (!res.ok) {
    const body = data as { error?: string; field?: string } | null;
    throw new ApiError(
      res.status,
      body?.error ?? (res.statusText || `Request failed (${res.status})`),
      body?.field,
    );
  }
  return data as T;
}

/** Builds a query string from the values that are set (empty values are left out). */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
