/**
 * Can one visitor starve everyone's league tools? One address sends 60 Sleeper Rostership requests
 * at once with a forged Sleeper cookie and random league ids (so nothing is cached: 300 calls to
 * Sleeper); 100 ms later another visitor asks for Rostership of 5 of their own Sleeper leagues.
 * Prints how long that visitor waits, against the same call made alone, and what the flood got.
 *
 *   node --import tsx bench/league-starvation.ts
 */
import { chunks, refOf, seconds, startLeagueApp, startSimulator } from './lib/league-app.ts';

const latencyMs = 100;

async function main() {
  const { sim, base } = await startSimulator();
  const a = await startLeagueApp(base);
  sim.control.setLatency(latencyMs);
  const mine = chunks(a.leagues.filter((l) => l.type === 'sleeper'))[0].map(refOf);

  const normal = async (address: string) => {
    const t0 = performance.now();
    const res = await a.call('POST', 'sleeper/rostership', a.cookie, { leagues: mine }, address);
    const answer = res.json() as { leagues: number; failed: unknown[] };
    return { ms: performance.now() - t0, status: res.statusCode, read: answer.leagues };
  };

  const alone = await normal('10.0.0.2');
  // Let the cache forget nothing but use other leagues: the bench user's second chunk, cold.
  mine.splice(0, mine.length, ...chunks(a.leagues.filter((l) => l.type === 'sleeper'))[1].map(refOf));

  const statuses = new Map<number, number>();
  const t0 = performance.now();
  let floodDone = 0;
  const flood = Array.from({ length: 60 }, async (_, i) => {
    const leagues = Array.from({ length: 5 }, (_, j) => ({ league_id: String(900_000_000 + i * 10 + j) }));
    const res = await a.call('POST', 'sleeper/rostership', 'SLEEPER_USER_ID=1', { leagues }, '10.6.6.6');
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    floodDone = performance.now() - t0;
  });
  await new Promise((r) => setTimeout(r, 100));
  const during = await normal('10.0.0.3');
  await Promise.all(flood);
  await a.close();
  await sim.app.close();

  console.log(
    [
      `Starvation benchmark — 60 forged Sleeper Rostership requests (300 uncached calls) from one address, latency ${latencyMs} ms`,
      `Another visitor's Rostership (5 Sleeper leagues), alone:        ${seconds(alone.ms).padStart(8)} (${alone.read} read)`,
      `The same visitor's call during the flood:                      ${seconds(during.ms).padStart(8)} (HTTP ${during.status}, ${during.read} read)`,
      `The flood: last answer after ${seconds(floodDone)}; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`,
    ].join('\n'),
  );
}

await main();
