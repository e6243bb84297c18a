/**
 * Structural comparison of a simulated answer with recorded real answers: the simulator may only send keys
 * the recordings have, with the same JSON types, and must send every key the recordings always have.
 */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface Shape {
  types: Set<JsonType>;
  /** Object samples seen at this path. */
  objects: number;
  keys: Map<string, { shape: Shape; seen: number }>;
  items?: Shape;
}

export interface ShapeOptions {
  /** MFL: a one-element list may arrive as the bare object, so lists are compared element by element. */
  collapse?: boolean;
  /** Paths whose object keys are data (ids), e.g. `$` for Sleeper's players map or `$[].players_points`. */
  maps?: string[];
  /** Paths recorded every time that the service documents as optional (`$.a.b[].c`). */
  optional?: string[];
  /** Keys the service documents but no recording shows (`$.a.b[].c`); allowed when sent. */
  extra?: string[];
  /** Skip the always-present check altogether (for deliberately partial records). */
  noRequired?: boolean;
}

function typeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as JsonType;
}

function emptyShape(): Shape {
  return { types: new Set(), objects: 0, keys: new Map() };
}

/** Learns one shape from any number of recorded samples of the same answer. */
export function learnShape(samples: unknown[], opts: ShapeOptions = {}): Shape {
  const root = emptyShape();
  for (const s of samples) learn(root, s, '$', opts);
  return root;
}

function learn(shape: Shape, value: unknown, path: string, opts: ShapeOptions) {
  const t = typeOf(value);
  if (t === 'array' && opts.collapse) {
    for (const v of value as unknown[]) learn(shape, v, path, opts);
    return;
  }
  shape.types.add(t);
  if (t === 'array') {
    for (const v of value as unknown[]) {
      shape.items ??= emptyShape();
      learn(shape.items, v, `${path}[]`, opts);
    }
  } else if (t === 'object') {
    shape.objects++;
    const isMap = opts.maps?.includes(path);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const key = isMap ? '*' : k;
      let entry = shape.keys.get(key);
      if (!entry) {
        entry = { shape: emptyShape(), seen: 0 };
        shape.keys.set(key, entry);
      }
      entry.seen++;
      learn(entry.shape, v, isMap ? `${path}.*` : `${path}.${k}`, opts);
    }
  }
}

/** Every difference between a simulated answer and the learned shape; empty when it conforms. */
export function compareShape(actual: unknown, shape: Shape, opts: ShapeOptions = {}): string[] {
  const problems: string[] = [];
  check(actual, shape, '$', opts, problems);
  return problems;
}

function check(value: unknown, shape: Shape, path: string, opts: ShapeOptions, out: string[]) {
  const t = typeOf(value);
  if (t === 'array' && opts.collapse) {
    for (const v of value as unknown[]) check(v, shape, path, opts, out);
    return;
  }
  if (!shape.types.has(t)) {
    out.push(`${path}: ${t} where the recording has ${[...shape.types].join('|')}`);
    return;
  }
  if (t === 'array') {
    const items = value as unknown[];
    if (items.length && !shape.items)
      out.push(`${path}: elements where the recording's list is always empty`);
    else for (const v of items) check(v, shape.items!, `${path}[]`, opts, out);
  } else if (t === 'object') {
    const obj = value as Record<string, unknown>;
    const isMap = opts.maps?.includes(path);
    for (const [k, v] of Object.entries(obj)) {
      const entry = shape.keys.get(isMap ? '*' : k);
      if (!entry) {
        if (!opts.extra?.includes(`${path}.${k}`)) out.push(`${path}.${k}: not in the recording`);
      } else check(v, entry.shape, isMap ? `${path}.*` : `${path}.${k}`, opts, out);
    }
    if (!isMap && !opts.noRequired) {
      for (const [k, entry] of shape.keys) {
        const p = `${path}.${k}`;
        if (entry.seen === shape.objects && !(k in obj) && !opts.optional?.includes(p)) {
          out.push(`${p}: always in the recording, missing here`);
        }
      }
    }
  }
}
