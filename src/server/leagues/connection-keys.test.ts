import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { leagueConnections, users } from '../db/schema.ts';
import {
  CONNECTIONS_KEY_FILE,
  ConnectionKeyError,
  connectionKeys,
  isConnectionKey,
  keyIdOf,
  resolveConnectionKeys,
} from './connection-keys.ts';
import { openConnections, reencryptConnections, saveConnection } from './connection-store.ts';

/* The league connections' key scheme (decision 022): sealing, wrong keys, and rotation. */

const newKey = () => randomBytes(32).toString('base64');

describe('sealing and opening', () => {
  const keys = connectionKeys(newKey());

  it('opens what it sealed, under the current key id, and never seals the same way twice', () => {
    const a = keys.seal('mfl-session-cookie', 'user:1');
    const b = keys.seal('mfl-session-cookie', 'user:1');
    expect(a.keyId).toBe(keys.currentId);
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.sealed).not.toContain('mfl-session-cookie');
    expect(keys.open(a.keyId, a.sealed, 'user:1')).toBe('mfl-session-cookie');
  });

  it('a wrong key fails clearly, never with garbage', () => {
    const sealed = keys.seal('secret', 'user:1');
    const other = connectionKeys(newKey());
    expect(() => other.open(sealed.keyId, sealed.sealed, 'user:1')).toThrow(ConnectionKeyError);
    expect(() => other.open(sealed.keyId, sealed.sealed, 'user:1')).toThrow(/CONNECTIONS_OLD_KEYS/);
    // The same id with another key behind it (a key replaced under the same id cannot be, but a
    // tampered row can claim any id): the tag check refuses it.
    const forged = connectionKeys(newKey());
    expect(() => forged.open(forged.currentId, sealed.sealed, 'user:1')).toThrow(/does not open under key/);
  });

  it("a ciphertext moved to another user's row, or altered, does not open", () => {
    const { keyId, sealed } = keys.seal('secret', '1:mfl:abc');
    expect(() => keys.open(keyId, sealed, '2:mfl:abc')).toThrow(ConnectionKeyError);
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => keys.open(keyId, [iv, tag, flipped.toString('base64url')].join('.'), '1:mfl:abc')).toThrow(
      ConnectionKeyError,
    );
    expect(() => keys.open(keyId, 'not-a-ciphertext', '1:mfl:abc')).toThrow(ConnectionKeyError);
  });

  it('the key id is a short hash of the key, not the key', () => {
    const key = randomBytes(32);
    const id = keyIdOf(key);
    expect(id).toHaveLength(12);
    expect(key.toString('base64')).not.toContain(id);
    expect(connectionKeys(key).currentId).toBe(id);
  });

  it('takes only 32 bytes in base64 as a key, in the setting too', () => {
    expect(isConnectionKey(newKey())).toBe(true);
    expect(isConnectionKey(randomBytes(16).toString('base64'))).toBe(false);
    expect(isConnectionKey('not base64 at all!')).toBe(false);
    expect(() => connectionKeys('short')).toThrow(ConnectionKeyError);
    expect(() => loadConfig({ CONNECTIONS_KEY: 'short' })).toThrow(/CONNECTIONS_KEY/);
    expect(() => loadConfig({ CONNECTIONS_KEY: newKey(), CONNECTIONS_OLD_KEYS: 'x' })).toThrow(
      /CONNECTIONS_OLD_KEYS/,
    );
    // Empty, as compose passes an unset variable, is unset.
    expect(loadConfig({ CONNECTIONS_KEY: '', CONNECTIONS_OLD_KEYS: '' }).connectionsKey).toBeUndefined();
    const config = loadConfig({
      CONNECTIONS_KEY: newKey(),
      CONNECTIONS_OLD_KEYS: `${newKey()}, ${newKey()}`,
    });
    expect(config.connectionsOldKeys).toHaveLength(2);
  });

  it('refuses a key of one repeated byte, and old keys without a current one, at start', () => {
    for (const weak of [Buffer.alloc(32).toString('base64'), Buffer.alloc(32, 0x41).toString('base64')]) {
      expect(isConnectionKey(weak)).toBe(false);
      expect(() => loadConfig({ CONNECTIONS_KEY: weak })).toThrow(/CONNECTIONS_KEY: .*random/);
      expect(() => loadConfig({ CONNECTIONS_KEY: newKey(), CONNECTIONS_OLD_KEYS: weak })).toThrow(
        /CONNECTIONS_OLD_KEYS/,
      );
    }
    expect(() => loadConfig({ CONNECTIONS_OLD_KEYS: newKey() })).toThrow(
      /CONNECTIONS_OLD_KEYS: .*without CONNECTIONS_KEY/,
    );
  });
});

describe('where the key comes from', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'connections-key-'));

  it('the setting, when set', () => {
    const key = newKey();
    const { keys } = resolveConnectionKeys({
      env: 'production',
      dataDir: dataDir(),
      connectionsKey: key,
      connectionsOldKeys: [],
    });
    expect(keys?.currentId).toBe(keyIdOf(Buffer.from(key, 'base64')));
  });

  it('production on PostgreSQL without it keeps no connections, and says so', () => {
    const dir = dataDir();
    const { keys, notice } = resolveConnectionKeys({
      env: 'production',
      dataDir: dir,
      databaseUrl: 'postgres://db.example.test/site',
      connectionsOldKeys: [],
    });
    expect(keys).toBeUndefined();
    expect(notice).toMatch(/CONNECTIONS_KEY is not set/);
    expect(existsSync(join(dir, CONNECTIONS_KEY_FILE))).toBe(false);
  });

  it('production on the embedded database makes one key in DATA_DIR (owner-only) and keeps it', () => {
    const dir = dataDir();
    const first = resolveConnectionKeys({ env: 'production', dataDir: dir, connectionsOldKeys: [] });
    const file = join(dir, CONNECTIONS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.notice).toContain(file);
    const again = resolveConnectionKeys({ env: 'production', dataDir: dir, connectionsOldKeys: [] });
    expect(again.keys?.currentId).toBe(first.keys?.currentId);
  });

  it('development makes one key in DATA_DIR (owner-only) and keeps it', () => {
    const dir = dataDir();
    const first = resolveConnectionKeys({ env: 'development', dataDir: dir, connectionsOldKeys: [] });
    const file = join(dir, CONNECTIONS_KEY_FILE);
    expect(isConnectionKey(readFileSync(file, 'utf8'))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.notice).toContain(file);
    const again = resolveConnectionKeys({ env: 'development', dataDir: dir, connectionsOldKeys: [] });
    expect(again.keys?.currentId).toBe(first.keys?.currentId);
  });
});

describe(`rotation re-encrypts the saved rows (${testDbKind})`, () => {
  let database: Database;
  let userId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const [u] = await database.db
      .insert(users)
      .values({ name: 'Rotating', email: 'rotating@example.test', passwordHash: 'x' })
      .returning();
    userId = u.id;
  });
  afterAll(() => database?.close());

  it('rows under the old key are sealed again under the new one, and the old key is then no longer needed', async () => {
    const oldKey = newKey();
    const newOne = newKey();
    const before = connectionKeys(oldKey);
    await saveConnection(database.db, before, {
      userId,
      service: 'mfl',
      account: 'demo',
      label: 'demo',
      credential: 'cookie-1',
    });
    await saveConnection(database.db, before, {
      userId,
      service: 'sleeper',
      account: '42',
      label: 'sl',
      credential: '42',
    });

    // The new key alone cannot open them: they are left out, and reported.
    const unreadable: number[] = [];
    expect(
      await openConnections(database.db, connectionKeys(newOne), userId, (id) => unreadable.push(id)),
    ).toEqual([]);
    expect(unreadable).toHaveLength(2);

    const during = connectionKeys(newOne, [oldKey]);
    expect(await reencryptConnections(database.db, during)).toEqual({ reencrypted: 2, unreadable: 0 });
    // Run again (a second process starting): nothing left to do.
    expect(await reencryptConnections(database.db, during)).toEqual({ reencrypted: 0, unreadable: 0 });
    const rows = await database.db
      .select()
      .from(leagueConnections)
      .where(eq(leagueConnections.userId, userId));
    expect(rows.map((r) => r.keyId)).toEqual([during.currentId, during.currentId]);

    const after = await openConnections(database.db, connectionKeys(newOne), userId);
    expect(after.map((c) => c.credential).sort()).toEqual(['42', 'cookie-1']);
  });

  it('rows under a key no one configured are counted, and left as they are', async () => {
    const lost = connectionKeys(newKey());
    await saveConnection(database.db, lost, {
      userId,
      service: 'flea',
      account: 'x@y.test',
      label: 'x***@y.test',
      credential: 'x@y.test',
    });
    const current = connectionKeys(newKey());
    expect(await reencryptConnections(database.db, current)).toEqual({ reencrypted: 0, unreadable: 3 });
  });

  it('two processes re-encrypting at once seal each row once, and every row opens after', async () => {
    const from = newKey();
    const to = newKey();
    const before = connectionKeys(from);
    const [other] = await database.db
      .insert(users)
      .values({ name: 'Racing', email: 'racing@example.test', passwordHash: 'x' })
      .returning();
    for (let i = 0; i < 20; i++)
      await saveConnection(database.db, before, {
        userId: other.id,
        service: 'sleeper',
        account: String(1000 + i),
        label: `s${i}`,
        credential: String(1000 + i),
      });
    const during = connectionKeys(to, [from]);
    const runs = await Promise.all([
      reencryptConnections(database.db, during),
      reencryptConnections(database.db, during),
    ]);
    // Rows of the earlier test are under another key: only these 20 are this rotation's.
    expect(runs[0].reencrypted + runs[1].reencrypted).toBe(20);
    const opened = await openConnections(database.db, connectionKeys(to), other.id);
    expect(opened.map((c) => c.credential).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => String(1000 + i)),
    );
  });
});
