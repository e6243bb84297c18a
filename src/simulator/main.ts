/**
 * Runs the simulator on its own: `node --import tsx src/simulator/main.ts`.
 * SIM_PORT (default 4100), SIM_SEED, and SIM_WEEK with SIM_PHASE (before|during|after) to start the clock in a week.
 */
import { DEMO_ACCOUNTS } from './accounts.ts';
import { buildSimulator, DEFAULT_SEED } from './app.ts';
import type { Phase } from './control.ts';
import { baseUrls } from './summary.ts';

const port = Number(process.env.SIM_PORT ?? 4100);
const seed = process.env.SIM_SEED ? Number(process.env.SIM_SEED) : DEFAULT_SEED;
const { app, world, control } = await buildSimulator({ seed });
if (process.env.SIM_WEEK) {
  const phase = (process.env.SIM_PHASE ?? 'during') as Phase;
  control.setClock({ week: Number(process.env.SIM_WEEK), phase });
}
await app.listen({ port, host: '127.0.0.1' });

const host = `127.0.0.1:${port}`;
const urls = baseUrls(host);
const summary = control.summary(host);
const lines = [
  `League-services simulator (seed ${seed}, season ${world.season}, week ${summary.currentWeek}, clock ${summary.nowIso})`,
  `  MFL:         ${urls.mfl}   (league hosts http://${host}/mfl/wwwNN)`,
  `  Sleeper:     ${urls.sleeper}`,
  `  Fleaflicker: ${urls.flea}`,
  `  ESPN:        ${urls.espn}   (fan API ${urls.espnFan})`,
  `  Controls:    http://${host}/_sim/world`,
  'Demo accounts:',
  `  MFL ${DEMO_ACCOUNTS.demo.mfl.username} / ${DEMO_ACCOUNTS.demo.mfl.password} (${summary.leagues.demo.mfl.length} leagues), Sleeper ${DEMO_ACCOUNTS.demo.sleeper.username} (${summary.leagues.demo.sleeper.length}), Fleaflicker ${DEMO_ACCOUNTS.demo.flea.email} (${summary.leagues.demo.flea.length})`,
  `  ESPN cookies SWID=${DEMO_ACCOUNTS.demo.espn.swid}; espn_s2=${DEMO_ACCOUNTS.demo.espn.espnS2} (${summary.leagues.demo.espn.length} leagues)`,
  `  MFL ${DEMO_ACCOUNTS.bench.mfl.username} / ${DEMO_ACCOUNTS.bench.mfl.password}, Sleeper ${DEMO_ACCOUNTS.bench.sleeper.username}, Fleaflicker ${DEMO_ACCOUNTS.bench.flea.email} (20 leagues each)`,
  'Demo leagues (ids):',
  `  MFL:         ${summary.leagues.demo.mfl.map((l) => `${l.league_id} (${l.format}, franchise ${l.franchise_id})`).join(', ')}`,
  `  Sleeper:     ${summary.leagues.demo.sleeper.map((l) => l.league_id).join(', ')}`,
  `  Fleaflicker: ${summary.leagues.demo.flea.map((l) => `${l.league_id} (team ${l.team_id})`).join(', ')}`,
  `  ESPN:        ${summary.leagues.demo.espn.map((l) => `${l.league_id} (team ${l.team_id}${l.is_public ? ', public' : ''})`).join(', ')}`,
];
console.log(lines.join('\n'));

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
