import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/users.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { users } from '../db/schema.ts';

/*
 * Two super users acting on each other at the same moment, on PostgreSQL (PGlite runs one
 * transaction at a time, so it cannot race): whatever the interleaving, at least one super user
 * remains, and nothing fails with a 500 (a deadlock would).
 */
const ROUNDS = Number(process.env.SUPER_USER_ROUNDS ?? 40);

type Actor = { user: User; cookie: string };

describe.skipIf(testDbKind !== 'postgres')('super users acting on each other at once (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());

  /** Exactly two super users, a and b: every other one steps down first. */
  async function twoSuperUsers(): Promise<[Actor, Actor]> {
    await t.database.db.update(users).set({ isSuperUser: false }).where(eq(users.isSuperUser, true));
    return [await t.userWithRole('superuser'), await t.userWithRole('superuser')];
  }
  const superUserCount = async () =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.isSuperUser, true))).length;
  const del = (who: Actor, target: Actor) =>
    t.request({ method: 'DELETE', url: `/api/users/${target.user.id}`, cookie: who.cookie });
  const demote = (who: Actor, target: Actor) =>
    t.request({
      method: 'POST',
      url: `/api/users/${target.user.id}`,
      payload: { isSuperUser: false },
      cookie: who.cookie,
    });

  async function race(
    label: string,
    moves: (a: Actor, b: Actor) => [Promise<{ statusCode: number }>, Promise<{ statusCode: number }>],
  ) {
    let noneLeft = 0;
    const statuses = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoSuperUsers();
      const answers = await Promise.all(moves(a, b));
      const key = answers
        .map((r) => r.statusCode)
        .sort()
        .join('+');
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if ((await superUserCount()) === 0) noneLeft += 1;
    }
    const tally = [...statuses].map(([k, n]) => `${k}: ${n}`).join(', ');
    console.log(`${label}, ${ROUNDS} rounds: no super user left in ${noneLeft}; answers ${tally}`);
    expect({ noneLeft, tally }).toEqual({ noneLeft: 0, tally: expect.not.stringMatching(/5\d\d/) });
    // One of the two moves always goes through and the other is refused: never both, never neither.
    // (401: the deleted super user's session went with the account before their request was read.)
    for (const key of statuses.keys()) expect(key).toMatch(/^200\+(401|403|404|409)$/);
  }

  it('delete against delete: one succeeds, the other is refused', async () => {
    await race('delete vs delete', (a, b) => [del(a, b), del(b, a)]);
  });

  it('delete against demote: one succeeds, the other is refused', async () => {
    await race('delete vs demote', (a, b) => [del(a, b), demote(b, a)]);
  });

  it('demote against demote: one succeeds, the other is refused', async () => {
    await race('demote vs demote', (a, b) => [demote(a, b), demote(b, a)]);
  });
});
