import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { appSettings } from './db/schema.ts';

/** Reads a setting, creating it with make() the first time; safe when two processes race. */
export async function settingOrCreate(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}

export const sessionSecret = (db: Db, configured?: string) =>
  configured
    ? Promise.resolve(configured)
    : settingOrCreate(db, 'session_secret', () => randomBytes(32).toString('hex'));
