import type { TradeService } from '#common/trades.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator } from '#simulator/app.ts';
import { adp } from '#simulator/mfl/exports-nfl.ts';
import { leagueTrades } from '#simulator/world/trades.ts';
import { addTradeOnlyLeague } from './adp-data/discovery/frontier.ts';
import { demoConfig, demoLimits } from './demo-config.ts';
import { seedDemoMflCopies } from './demo-mfl-copies.ts';
import { seedDemoMarketBoards } from './demo-rankings.ts';
import { holdValuesJob, seedDemoTrades } from './demo-trades.ts';
import { createRuntime } from './runtime.ts';

// The site and the league-services simulator in one process, so every tool works offline.
const simPort = Number(process.env.SIM_PORT ?? 4100);
const sim = await buildSimulator({});
await sim.app.listen({ port: simPort, host: '127.0.0.1' });
const simBase = `http://127.0.0.1:${simPort}`;

const config = demoConfig({
  simBase,
  sleeperUser: DEMO_ACCOUNTS.demo.sleeper.username,
  testLeagues: () => [
    ...sim.world.leagues.filter((l) => l.service === 'mfl' && l.isPublic).map((l) => l.id),
    ...sim.world.leagues
      .filter((l) => l.service === 'sleeper' && l.draft.picks.length > 0)
      .map((l) => `sleeper:${l.id}`),
  ],
});
const { demo } = DEMO_ACCOUNTS;
const runtime = await createRuntime(config, {
  limits: demoLimits,
  // The connect forms offer the demo's accounts, as the log below prints them.
  demoAccounts: {
    mfl: { username: demo.mfl.username, password: demo.mfl.password },
    sleeper: { username: demo.sleeper.username },
    flea: { email: demo.flea.email },
    espn: { swid: demo.espn.swid, espnS2: demo.espn.espnS2 },
  },
});
// MFL's counts on earlier days, as a site running since then would have kept them (trends at once).
await seedDemoMflCopies(runtime.database.db, (params, now, season) =>
  adp({ world: sim.world, now, host: '', year: String(season), params }),
);
// Two writers' dynasty boards of the world's players, so a board shows beside the market.
await seedDemoMarketBoards(runtime.database.db, sim.world);
// Eight Fleaflicker leagues listed as if their commissioners had agreed (decision 035), for trades.
const fleaListed = sim.world.leagues
  .filter((l) => l.service === 'flea' && leagueTrades(sim.world, l).length > 0)
  .slice(0, 8);
for (const l of fleaListed) await addTradeOnlyLeague(runtime.database.db, { leagueId: l.id });
// In the background: the site serves at once, and the values follow the trades within a minute.
await holdValuesJob(runtime.database.db);
const traded = [
  ...sim.world.leagues.filter(
    (l) =>
      (l.service === 'sleeper' || (l.service === 'mfl' && l.isPublic)) &&
      leagueTrades(sim.world, l).length > 0,
  ),
  ...fleaListed,
];
void seedDemoTrades(
  { db: runtime.database.db, cache: runtime.cache, config, limits: demoLimits },
  traded.map((l) => ({ service: l.service as TradeService, leagueId: l.id, url: null })),
).catch((e) => console.error('Demo trades not read:', e));
const address = await runtime.app.listen({ port: config.port, host: config.host });
console.log(
  [
    `Dynasty Forge demo is serving on ${address.replace('0.0.0.0', 'localhost')} (league services simulated at ${simBase})`,
    `  Site admin:   ${config.adminEmail}${process.env.ADMIN_PASSWORD ? '' : ' / admin-pass-1234'}`,
    `  MFL:          ${demo.mfl.username} / ${demo.mfl.password}`,
    `  Sleeper:      ${demo.sleeper.username}`,
    `  Fleaflicker:  ${demo.flea.email}`,
    `  ESPN:         SWID ${demo.espn.swid}, espn_s2 ${demo.espn.espnS2}`,
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
