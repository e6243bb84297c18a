import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdpAnswer } from '#common/rookie-adp.ts';
import type { StartupAnswer } from '#common/startup-adp.ts';
import type { League } from '#simulator/world/league.ts';
import { type AdpTestApp, startAdpApp } from '#test/rookie-adp.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { ingestLeague } from './ingest.ts';

/*
 * Startup drafts read from the league-services simulator through the real clients and readers: a
 * Sleeper snake startup and a Sleeper auction (each before its league's rookie draft), an MFL auction
 * (`TYPE=auctionResults`, its budget from `TYPE=league`) and an MFL league whose only draft this season
 * was its startup. Each league is read alone, so each answer is that one draft's.
 */

let sim: Sim;
let t: AdpTestApp;
beforeAll(async () => {
  sim = await startSim();
  t = await startAdpApp(sim);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const sized = (l: League) => [10, 12, 14].includes(l.format.size);
const find = (test: (l: League) => boolean) => {
  const league = sim.world.leagues.find((l) => sized(l) && test(l));
  if (!league) throw new Error('the simulator has no such league');
  return league;
};
const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** The startup answer for the day (or two) a league's startup began, on its service and kind. */
async function answerFor(l: League) {
  const startup = l.startup!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mfl/adp/startup',
    payload: {
      service: l.service,
      kind: startup.kind,
      sizes: [l.format.size],
      types: [l.format.qb],
      idp: l.format.idp ? 1 : -1,
      ppr: l.format.ppr > 0 ? 1 : -1,
      // Sleeper gives a draft's start; MFL has only its picks' times, so its day is the first pick's,
      // the day after the start when the start came late in the evening (the world is built from now).
      startDate: day(startup.startedAt),
      endDate: day(startup.picks[0].timestamp),
      minShare: 0,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as StartupAnswer;
}

const idOf = (l: League, player: number) =>
  l.service === 'mfl' ? sim.world.players[player].mflId : sim.world.players[player].sleeperId;

describe('startup drafts read from the simulator', () => {
  it('a Sleeper snake startup: every player at his overall pick; the rookie draft stays a rookie draft', async () => {
    const l = find((x) => x.service === 'sleeper' && x.startup?.kind === 'snake');
    expect(await ingestLeague(t.ctx, { service: 'sleeper', leagueId: l.id })).toEqual({
      ok: true,
      drafts: 1,
    });
    const answer = await answerFor(l);
    if (answer.kind !== 'snake') throw new Error('not a snake answer');
    expect(answer.totalLeagues).toBe(1);
    const byId = new Map(answer.players.map((p) => [p.id, p.adp]));
    expect(byId.size).toBe(l.startup!.picks.length);
    for (const p of l.startup!.picks) expect(byId.get(idOf(l, p.player))).toBe(p.overall);
    // The league's rookie draft, read in the same pass, is in rookie ADP and has rookies only. Its
    // day is the one Sleeper gives as its start: the first pick's (a draft may open the day before).
    const rookieDay = day(l.draft.picks[0].timestamp);
    const rookie = await t.app.inject({
      method: 'POST',
      url: '/api/mfl/adp',
      payload: {
        service: 'sleeper',
        sizes: [l.format.size],
        types: [l.format.qb],
        startDate: rookieDay,
        endDate: rookieDay,
        minShare: 0,
      },
    });
    const rookies = rookie.json() as AdpAnswer;
    expect(rookies.totalLeagues).toBe(1);
    expect(rookies.players).toHaveLength(l.draft.picks.length);
  });

  it('a Sleeper startup auction: every price over the budget of 200, most expensive first', async () => {
    const l = find((x) => x.service === 'sleeper' && x.startup?.kind === 'auction');
    await ingestLeague(t.ctx, { service: 'sleeper', leagueId: l.id });
    const answer = await answerFor(l);
    if (answer.kind !== 'auction') throw new Error('not an auction answer');
    expect(answer.totalLeagues).toBe(1);
    const byId = new Map(answer.players.map((p) => [p.id, p.share]));
    for (const p of l.startup!.picks) expect(byId.get(idOf(l, p.player))).toBe(p.price! / 200);
    expect(answer.players[0].share).toBe(Math.max(...l.startup!.picks.map((p) => p.price!)) / 200);
  });

  it('an MFL startup auction (auctionResults, the budget from the league settings)', async () => {
    const l = find((x) => x.service === 'mfl' && x.isPublic && x.startup?.kind === 'auction');
    expect((await ingestLeague(t.ctx, { service: 'mfl', leagueId: l.id })).ok).toBe(true);
    const answer = await answerFor(l);
    if (answer.kind !== 'auction') throw new Error('not an auction answer');
    expect(answer.totalLeagues).toBe(1);
    const byId = new Map(answer.players.map((p) => [p.id, p.share]));
    // MFL's player export may leave out a player (then he is not kept); those kept are exact.
    const kept = l.startup!.picks.filter((p) => byId.has(idOf(l, p.player)));
    expect(kept.length).toBeGreaterThan(l.startup!.picks.length * 0.9);
    for (const p of kept) expect(byId.get(idOf(l, p.player))).toBe(p.price! / 1000);
  });

  it('an MFL league whose only draft was its startup: a snake startup, and no rookie draft', async () => {
    const l = find((x) => x.service === 'mfl' && x.draftStatus === 'none' && x.startup?.kind === 'snake');
    expect(await ingestLeague(t.ctx, { service: 'mfl', leagueId: l.id })).toEqual({ ok: true, drafts: 0 });
    const answer = await answerFor(l);
    if (answer.kind !== 'snake') throw new Error('not a snake answer');
    expect(answer.totalLeagues).toBe(1);
    const byId = new Map(answer.players.map((p) => [p.id, p.adp]));
    const kept = l.startup!.picks.filter((p) => byId.has(idOf(l, p.player)));
    expect(kept.length).toBeGreaterThan(l.startup!.picks.length * 0.9);
    for (const p of kept) expect(byId.get(idOf(l, p.player))).toBe(p.overall);
  });
});
