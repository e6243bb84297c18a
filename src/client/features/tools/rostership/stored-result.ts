import { z } from 'zod';
import { type RostershipPlayer, rostershipPlayerSchema } from '#common/rostership.ts';

/*
 * The last result, kept in localStorage so that a return visit shows it at once while it refreshes.
 * It is tied to the accounts that were connected, so another account never sees it.
 */

const key = 'dynasty-forge:rostership:v1';

const storedSchema = z.object({
  account: z.string(),
  savedAt: z.number(),
  answered: z.number().int(),
  players: z.array(rostershipPlayerSchema),
  /** League keys the visitor switched off. */
  inactive: z.array(z.string()).default([]),
});
export type StoredResult = z.infer<typeof storedSchema>;

export function readStored(account: string): StoredResult | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.account === account ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(value: StoredResult) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works, it just starts empty next time.
  }
}

export function storedInactive(account: string): string[] {
  return readStored(account)?.inactive ?? [];
}

export const emptyStored = (account: string, inactive: string[] = []): StoredResult => ({
  account,
  savedAt: 0,
  answered: 0,
  players: [] as RostershipPlayer[],
  inactive,
});
