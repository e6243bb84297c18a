import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator } from '#simulator/app.ts';
import { loadConfig } from './config.ts';
import { createRuntime } from './runtime.ts';

// The site and the league-services simulator in one process, so every tool works offline.
const simPort = Number(process.env.SIM_PORT ?? 4100);
const sim = await buildSimulator({});
await sim.app.listen({ port: simPort, host: '127.0.0.1' });
const simBase = `http://127.0.0.1:${simPort}`;

const config = loadConfig({
  ADMIN_EMAIL: 'admin@dynasty.test',
  ADMIN_PASSWORD: 'admin-pass-1234',
  ...process.env,
  MFL_API_URL: `${simBase}/mfl/api`,
  SLEEPER_API_URL: `${simBase}/sleeper/v1`,
  FLEA_API_URL: `${simBase}/flea/api`,
  // Rookie ADP fills itself: discovery finds the simulator's public leagues through MFL's league
  // search and, from the demo Sleeper account's league-mates, Sleeper's user graph. Under the test
  // runner the store reads a fixed list instead (the public MFL leagues and the Sleeper leagues that
  // held a rookie draft), so the figures a spec compares stay still.
  ADP_SLEEPER_USERS: process.env.ADP_SLEEPER_USERS ?? DEMO_ACCOUNTS.demo.sleeper.username,
  ADP_LEAGUE_IDS:
    process.env.ADP_LEAGUE_IDS ??
    (process.env.NODE_ENV === 'test'
      ? [
          ...sim.world.leagues.filter((l) => l.service === 'mfl' && l.isPublic).map((l) => l.id),
          ...sim.world.leagues
            .filter((l) => l.service === 'sleeper' && l.draft.picks.length > 0)
            .map((l) => `sleeper:${l.id}`),
        ].join(',')
      : ''),
});
// The simulator is local: MFL's real pace (2 requests a second) would make the demo wait minutes.
const runtime = await createRuntime(config, {
  limits: { mfl: { requestsPerSecond: 50, burst: 10, concurrency: 8 } },
});
const address = await runtime.app.listen({ port: config.port, host: config.host });
const { demo } = DEMO_ACCOUNTS;
console.log(
  [
    `Dynasty Forge demo is serving on ${address.replace('0.0.0.0', 'localhost')} (league services simulated at ${simBase})`,
    `  Site admin:   ${config.adminEmail}${process.env.ADMIN_PASSWORD ? '' : ' / admin-pass-1234'}`,
    `  MFL:          ${demo.mfl.username} / ${demo.mfl.password}`,
    `  Sleeper:      ${demo.sleeper.username}`,
    `  Fleaflicker:  ${demo.flea.email}`,
  ].join('\n'),
);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await runtime.close();
    await sim.app.close();
    process.exit(0);
  });
}
