import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ensureSuperUser } from './bootstrap.ts';

/*
 * The first super user, made at the first start from ADMIN_EMAIL / ADMIN_PASSWORD: a given password
 * is judged like any new password, with the reason in words, and only when it is used.
 */

describe(`the first super user (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('stops the start on an ADMIN_PASSWORD the password rules refuse, saying why', async () => {
    const email = 'first-admin@example.test';
    await expect(ensureSuperUser(database.db, { email, password: 'aaaaaaaa' })).rejects.toThrow(
      /ADMIN_PASSWORD: This password is too easy to guess\. Repeated characters/,
    );
    await expect(ensureSuperUser(database.db, { email, password: 'password1' })).rejects.toThrow(
      /ADMIN_PASSWORD: .*most common/,
    );
    await expect(
      ensureSuperUser(database.db, { email: 'gridiron.greg@example.test', password: 'gridiron.greg' }),
    ).rejects.toThrow(/ADMIN_PASSWORD: The password must not be your e-mail address/);
    expect(await database.db.select().from(users).where(eq(users.isSuperUser, true))).toEqual([]);

    expect(await ensureSuperUser(database.db, { email, password: 'admin-pass-1234' })).toEqual({
      created: true,
      email,
      password: undefined,
    });
    // Once there is a super user, ADMIN_PASSWORD is not used, so it is not judged either.
    expect(await ensureSuperUser(database.db, { email, password: 'aaaaaaaa' })).toEqual({
      created: false,
      email,
    });
  });
});
