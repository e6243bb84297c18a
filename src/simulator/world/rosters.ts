/** How leagues get their players: the rookie draft first, then everyone else signed to fill the rosters. */

import type { LeagueFormat } from './formats.ts';
import { rosterCaps, rosterNeeds } from './formats.ts';
import type { League, StartupDraft } from './league.ts';
import { IDP_POSITIONS, injuryAt, type Player, type Position } from './players.ts';
import type { Rng } from './random.ts';

/** What a player is worth to managers of this format. */
export function leagueValue(p: Player, f: LeagueFormat): number {
  let v = p.value + p.recMean * f.ppr * 0.6;
  if (p.position === 'QB') v *= f.qb === '1QB' ? 0.8 : f.qb === 'SF' ? 1.5 : 1.7;
  else if (p.position === 'PK') v *= 0.3;
  else if (p.position === 'Def') v *= f.idp ? 0 : 0.35;
  else if (p.position === 'PN') v = 0;
  else if (IDP_POSITIONS.includes(p.position)) v *= f.idp ? 0.6 : 0;
  return v;
}

export function draftRookies(league: League, rng: Rng, rookies: Player[], anchorMs: number) {
  const f = league.format;
  const rounds = f.size >= 14 ? 3 : f.size >= 12 ? 4 : 5;
  // Managers disagree: each league's board is the consensus with noise, which is what ADP measures.
  const board = rookies
    .map((p) => ({ p, v: leagueValue(p, f) * Math.exp(0.3 * rng.normal()) }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v);
  const order = rng.shuffle(league.teams.map((_, i) => i));
  const startedAt = Math.floor((anchorMs - rng.int(10, 88) * 86_400_000 - rng.int(0, 86_399) * 1000) / 1000);
  let t = startedAt;
  let next = 0;
  for (let round = 1; round <= rounds; round++) {
    for (let pick = 1; pick <= f.size; pick++) {
      // About one pick in ten was traded to another team.
      const team = rng.chance(0.1) ? rng.int(0, f.size - 1) : order[pick - 1];
      const choice = board[next++];
      if (!choice) break;
      t += rng.int(2, 180) * 60;
      league.draft.picks.push({
        round,
        pick,
        overall: (round - 1) * f.size + pick,
        team,
        player: choice.p.idx,
        timestamp: t,
      });
      const lt = league.teams[team];
      lt.players.push(choice.p.idx);
      lt.acquired.set(choice.p.idx, `${round}.${String(pick).padStart(2, '0')}`);
    }
  }
  league.draft.rounds = rounds;
  league.draft.startedAt = startedAt;
}

/** Rounds of a simulated startup snake draft (a real one fills whole rosters; this keeps answers small). */
export const STARTUP_ROUNDS = 20;

/**
 * A startup draft of veterans and rookies, by each league's noisy board: a snake draft (rounds run
 * back and forth) or an auction, where each player's price follows his value, at least 1, and the
 * whole league spends about nine tenths of its budgets. Rosters are not touched: they are the
 * league's players today, long after its startup.
 */
export function draftStartup(
  league: League,
  rng: Rng,
  players: Player[],
  kind: 'snake' | 'auction',
  startedAt: number,
  budget: number,
  id: string,
): void {
  const f = league.format;
  const board = players
    .map((p) => ({ p, v: leagueValue(p, f) * Math.exp(0.25 * rng.normal()) }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v)
    .slice(0, STARTUP_ROUNDS * f.size);
  const order = rng.shuffle(league.teams.map((_, i) => i));
  const weights = board.map((x) => x.v ** 2);
  const total = weights.reduce((a, b) => a + b, 0);
  const spend = Math.floor(budget * f.size * 0.9);
  let t = startedAt;
  const picks: StartupDraft['picks'] = board.map((x, i) => {
    const round = Math.floor(i / f.size) + 1;
    const inRound = (i % f.size) + 1;
    const slot = round % 2 === 1 ? inRound : f.size + 1 - inRound;
    t += rng.int(1, 90) * 60;
    return {
      round,
      pick: inRound,
      overall: i + 1,
      team: kind === 'snake' ? order[slot - 1] : order[i % f.size],
      player: x.p.idx,
      timestamp: t,
      ...(kind === 'auction'
        ? { price: Math.min(Math.floor(budget / 2), Math.max(1, Math.round((spend * weights[i]) / total))) }
        : {}),
    };
  });
  league.startup = { id, kind, budget, rounds: STARTUP_ROUNDS, startedAt, picks };
}

export function fillRosters(league: League, rng: Rng, pool: Player[], all: Player[], anchorWeek: number) {
  // `pool`: everyone who may be signed after the rookie draft. Arrays indexed by position keep this fast.
  const f = league.format;
  const capOf = rosterCaps(f);
  const needOf = rosterNeeds(f);
  const positions = Object.keys(capOf) as Position[];
  const caps = positions.map((p) => capOf[p]!);
  const needs = positions.map((p) => needOf[p] ?? 0);
  const posIndex = new Map(positions.map((p, i) => [p, i]));
  const queues: { p: Player; v: number }[][] = positions.map(() => []);
  const drafted = new Set(league.draft.picks.map((p) => p.player));
  for (const p of pool) {
    const pi = posIndex.get(p.position);
    if (pi === undefined || drafted.has(p.idx)) continue;
    const v = leagueValue(p, f);
    if (v > 0) queues[pi].push({ p, v: v * Math.exp(0.25 * rng.normal()) });
  }
  for (const q of queues) q.sort((a, b) => b.v - a.v);
  const heads = positions.map(() => 0);
  const counts = league.teams.map((t) => {
    const c = positions.map(() => 0);
    for (const idx of t.players) {
      const pi = posIndex.get(all[idx].position);
      if (pi !== undefined) c[pi]++;
    }
    return c;
  });
  const size = league.rosterSize;
  const pickFor = (ti: number, forcedOnly: boolean, capped = true): number => {
    const have = counts[ti];
    // Near the end, only positions still short of the lineup's needs may be picked.
    let unmet = 0;
    for (let i = 0; i < positions.length; i++) if (have[i] < needs[i]) unmet += needs[i] - have[i];
    const forced = forcedOnly && size - league.teams[ti].players.length <= unmet;
    let best = -1;
    let bestScore = -1;
    for (let i = 0; i < positions.length; i++) {
      if ((capped && have[i] >= caps[i]) || (forced && have[i] >= needs[i])) continue;
      const head = queues[i][heads[i]];
      if (!head) continue;
      const score = head.v * (have[i] < needs[i] ? 3 : 1);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    // Big leagues can run a position dry; then any position will do.
    if (best < 0 && forced) return pickFor(ti, false);
    if (best < 0 && capped) return pickFor(ti, false, false);
    return best;
  };
  for (let round = 0; round < size + 4; round++) {
    const order = round % 2 ? [...league.teams.keys()].reverse() : [...league.teams.keys()];
    for (const ti of order) {
      const team = league.teams[ti];
      if (team.players.length >= size) continue;
      const pi = pickFor(ti, true);
      if (pi < 0) continue;
      const best = queues[pi][heads[pi]++].p;
      counts[ti][pi]++;
      team.players.push(best.idx);
      const r = rng.next();
      team.acquired.set(
        best.idx,
        r < 0.45
          ? `${rng.int(1, 25)}.${String(rng.int(1, f.size)).padStart(2, '0')}`
          : r < 0.7
            ? 'FCFS'
            : r < 0.85
              ? 'Trade'
              : `BB $${rng.int(1, 60)}.00`,
      );
    }
  }
  for (const [ti, team] of league.teams.entries()) {
    // Taxi and IR never take a team's last players at a position it must start.
    const active = [...counts[ti]];
    const canBench = (p: Player) => {
      const pi = posIndex.get(p.position);
      return pi !== undefined && active[pi] > Math.max(1, needs[pi] - 1);
    };
    const bench = (p: Player) => {
      active[posIndex.get(p.position)!]--;
    };
    const drafted = league.draft.picks.filter((p) => league.teams[p.team] === team).map((p) => all[p.player]);
    team.taxi = [];
    for (const p of drafted.sort((a, b) => a.value - b.value)) {
      if (team.taxi.length >= Math.min(league.taxiSlots, drafted.length - 1) || !canBench(p)) continue;
      team.taxi.push(p.idx);
      bench(p);
    }
    team.ir = [];
    for (const idx of team.players) {
      const p = all[idx];
      if (
        team.ir.length >= league.irSlots ||
        team.taxi.includes(idx) ||
        injuryAt(p, anchorWeek)?.status !== 'IR'
      )
        continue;
      if (!canBench(p)) continue;
      team.ir.push(idx);
      bench(p);
    }
  }
}
