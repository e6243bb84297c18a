import type { IngestContext } from '#server/adp-data/ingest.ts';
import type { World } from '#simulator/app.ts';
import { makeTestApp, type TestApp } from './app.ts';
import type { Sim } from './simulator.ts';

export interface AdpTestApp extends TestApp {
  ctx: IngestContext;
}

/** The app on a fresh database; its league services talk to the simulator when one is given. */
export async function startAdpApp(sim?: Sim, env: Record<string, string> = {}): Promise<AdpTestApp> {
  const t = await makeTestApp(env, { sim });
  return { ...t, ctx: { db: t.database.db, services: t.services, cache: t.cache } };
}

/** The simulator's public MFL leagues (the ones with rookie drafts anyone may read). */
export const publicMflLeagues = (world: World) =>
  world.leagues.filter((l) => l.service === 'mfl' && l.isPublic && l.draft.picks.length > 0);

/** Polls until check() is true (background work in the app), failing after timeoutMs. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
