/**
 * What one league service being down costs a visitor. The simulator's `bench` user has 20 leagues on
 * each service; MFL then stops answering (every request hangs until the client gives up). The
 * visitor opens Rostership (chunks of 5 leagues, six requests in flight like a browser) and then
 * looks a player up in the Status Checker, and a second visitor opens Rostership afterwards.
 * Prints how long each waits for its last answer, and for the Sleeper and Fleaflicker leagues.
 * The clients' timeout is cut to 3 s (from 10 s) so the run stays short; waits scale with it.
 *
 *   node --import tsx bench/league-outage.ts
 */
import type { League, LeagueType } from '#common/leagues.ts';
import type { RostershipAnswer } from '#common/rostership.ts';
import { chunks, pool, refOf, seconds, services, startLeagueApp, startSimulator } from './lib/league-app.ts';

const timeoutMs = 3_000;
const latencyMs = 100;

async function main() {
  const { sim, base } = await startSimulator();
  const limits = Object.fromEntries(services.map((s) => [s, { timeoutMs }]));
  const a = await startLeagueApp(base, { limits });
  sim.control.setLatency(latencyMs);
  // MFL stops answering: every request to it hangs.
  sim.control.addFault({ service: 'mfl', kind: 'timeout', count: 1_000_000, match: '' });

  async function rostership(address: string) {
    const t0 = performance.now();
    let others = 0;
    let read = 0;
    let failed = 0;
    const plan: { s: LeagueType; c: League[] }[] = [];
    const perService = services.map((s) =>
      chunks(a.leagues.filter((l) => l.type === s)).map((c) => ({ s, c })),
    );
    for (let round = 0; perService.some((q) => round < q.length); round++)
      for (const q of perService) if (round < q.length) plan.push(q[round]);
    let pendingOthers = plan.filter((p) => p.s !== 'mfl').length;
    await pool(
      plan.map(({ s, c }) => async () => {
        const res = await a.call('POST', `${s}/rostership`, a.cookie, { leagues: c.map(refOf) }, address);
        const answer = res.json() as RostershipAnswer;
        read += answer.leagues ?? 0;
        failed += answer.failed?.length ?? c.length;
        if (s !== 'mfl' && --pendingOthers === 0) others = performance.now() - t0;
      }),
    );
    return { ms: performance.now() - t0, others, read, failed };
  }

  async function statusChecker(address: string) {
    const t0 = performance.now();
    let rows = 0;
    let errors = 0;
    const player = a.players[0].id;
    await pool(
      chunks(a.leagues).map((c) => async () => {
        const leagues = c.map((l) => ({ type: l.type, name: l.name, ...refOf(l) }));
        const res = await a.call('POST', 'players/status', a.cookie, { player, leagues }, address);
        const answer = res.json() as { error?: string }[];
        rows += answer.length;
        errors += answer.filter((r) => r.error).length;
      }),
    );
    return { ms: performance.now() - t0, rows, errors };
  }

  const first = await rostership('10.0.0.1');
  const status = await statusChecker('10.0.0.1');
  const second = await rostership('10.0.0.2');
  await a.close();
  await sim.app.close();

  const byService = services.map((s) => `${s} ${a.leagues.filter((l) => l.type === s).length}`).join(', ');
  console.log(
    [
      `League outage benchmark — MFL hangs; bench user, ${a.leagues.length} leagues (${byService}); client timeout ${timeoutMs} ms, latency ${latencyMs} ms`,
      `Rostership, first visitor:  ${seconds(first.ms).padStart(8)} to the last answer (Sleeper and Fleaflicker done after ${seconds(first.others)}); ${first.read} read, ${first.failed} failed`,
      `Status Checker, same visitor: ${seconds(status.ms).padStart(8)} to the last row; ${status.rows} rows, ${status.errors} errors`,
      `Rostership, second visitor: ${seconds(second.ms).padStart(8)} to the last answer (Sleeper and Fleaflicker done after ${seconds(second.others)}); ${second.read} read, ${second.failed} failed`,
    ].join('\n'),
  );
}

await main();
