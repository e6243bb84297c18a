import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The key scheme of the league connections kept on site accounts (decision 022). Each credential is
 * sealed with AES-256-GCM under the current key; the row keeps the key's id beside the ciphertext, so
 * older keys can still open their rows until start-up re-encrypts them under the current one. The
 * row's owner and service are the sealed text's associated data: a ciphertext copied to another
 * user's row does not open.
 */

export const CONNECTION_KEY_BYTES = 32;
const IV_BYTES = 12;
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether the value is 32 bytes in base64, as CONNECTIONS_KEY must be, and not one byte repeated
 * (all zeros, a placeholder): such a key is no secret, whatever its length.
 */
export function isConnectionKey(value: string): boolean {
  const v = value.trim();
  if (!base64.test(v)) return false;
  const key = Buffer.from(v, 'base64');
  return key.length === CONNECTION_KEY_BYTES && key.some((b) => b !== key[0]);
}

/** A key's id: a short hash of the key (never the key), kept beside each ciphertext it sealed. */
export const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update('league-connections-key\0').update(key).digest('base64url').slice(0, 12);

/** A ciphertext that cannot be opened: its key is not configured, or the key or text is wrong. */
export class ConnectionKeyError extends Error {
  override name = 'ConnectionKeyError';
}

export interface ConnectionKeys {
  /** The id of the key new credentials are sealed with. */
  readonly currentId: string;
  /** Whether a key of this id is configured (the current one or an old one). */
  has(keyId: string): boolean;
  seal(plain: string, aad: string): { keyId: string; sealed: string };
  /** Throws ConnectionKeyError when the key is unknown or the text does not open under it. */
  open(keyId: string, sealed: string, aad: string): string;
}

const toKey = (k: string | Buffer): Buffer => {
  const key = typeof k === 'string' ? Buffer.from(k.trim(), 'base64') : k;
  if (key.length !== CONNECTION_KEY_BYTES || (typeof k === 'string' && !isConnectionKey(k)))
    throw new ConnectionKeyError('A league connections key must be 32 bytes in base64.');
  return key;
};

/** The keyring: `current` seals, it and each of `old` open. */
export function connectionKeys(
  current: string | Buffer,
  old: readonly (string | Buffer)[] = [],
): ConnectionKeys {
  const currentKey = toKey(current);
  const currentId = keyIdOf(currentKey);
  const byId = new Map<string, Buffer>();
  for (const k of old.map(toKey)) byId.set(keyIdOf(k), k);
  byId.set(currentId, currentKey);
  return {
    currentId,
    has: (keyId) => byId.has(keyId),
    seal(plain, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const sealed = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
      return { keyId: currentId, sealed };
    },
    open(keyId, sealed, aad) {
      const key = byId.get(keyId);
      if (!key)
        throw new ConnectionKeyError(
          `No configured key has the id ${keyId}: add the key it was sealed with to CONNECTIONS_OLD_KEYS.`,
        );
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      try {
        if (!iv || !tag || !body || iv.length !== IV_BYTES) throw new Error('malformed');
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(aad, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new ConnectionKeyError(
          `The credential does not open under key ${keyId} (wrong key, or altered).`,
        );
      }
    },
  };
}

export const CONNECTIONS_KEY_FILE = 'connections.key';

export interface ResolvedKeys {
  /** Undefined: saving connections on accounts is off (production without CONNECTIONS_KEY). */
  keys?: ConnectionKeys;
  /** What start-up tells the operator about where the key came from. */
  notice?: string;
}

/**
 * Where the connections key comes from (decision 022):
 * - CONNECTIONS_KEY (and CONNECTIONS_OLD_KEYS) when set: every process of a deployment is given the
 *   same value from its secret store;
 * - tests: a random key held in memory for the process;
 * - production on PostgreSQL without it: saving is off, and signed-in users keep the per-browser
 *   cookies as visitors do (a key made up by one process would not open in the others);
 * - otherwise a key generated once into DATA_DIR/connections.key (mode 0600): on the embedded
 *   database one process holds the data directory, so the key and the rows it seals stay together
 *   (as in development).
 */
export function resolveConnectionKeys(config: {
  env: string;
  dataDir: string;
  databaseUrl?: string;
  connectionsKey?: string;
  connectionsOldKeys: readonly string[];
}): ResolvedKeys {
  if (config.connectionsKey)
    return { keys: connectionKeys(config.connectionsKey, config.connectionsOldKeys) };
  if (config.env === 'test') return { keys: connectionKeys(randomBytes(CONNECTION_KEY_BYTES), []) };
  if (config.env === 'production' && config.databaseUrl)
    return {
      notice:
        "CONNECTIONS_KEY is not set: league connections are not saved on site accounts (everyone keeps this browser's cookies). Set it to 32 random bytes in base64, the same in every server process.",
    };
  const file = join(config.dataDir, CONNECTIONS_KEY_FILE);
  let stored: string;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    stored = randomBytes(CONNECTION_KEY_BYTES).toString('base64');
    // `wx`: a second process starting at the same moment keeps the first one's key.
    try {
      writeFileSync(file, `${stored}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      stored = readFileSync(file, 'utf8').trim();
    }
  }
  return {
    keys: connectionKeys(stored, config.connectionsOldKeys),
    notice: `CONNECTIONS_KEY is not set: league connections are encrypted with the key generated into ${file} (keep it with the data directory).`,
  };
}
