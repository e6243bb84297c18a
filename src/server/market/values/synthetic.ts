import type { TradeFormat } from '#common/trades.ts';
import { adpPrior, MODEL, type ModelTrade } from './model.ts';

/*
 * Trades generated from known values, for the model's tests and its benchmark: each trade's sides are
 * worth the same by the model's own side worth, up to noise, so a fit should give the values back.
 */

export interface SyntheticMarket {
  trades: ModelTrade[];
  /** The true value of each asset. */
  truth: Map<string, number>;
  /** A noisy startup ADP per player (some players have none). */
  adp: Map<string, number>;
  outlierIds: Set<string>;
}

export interface SyntheticOptions {
  players: number;
  trades: number;
  now: number;
  seed?: number;
  /** Share of trades made lopsided (a 3:1 gift). */
  outliers?: number;
  /** Log-normal noise of a side's worth. */
  noise?: number;
  /** Formats the trades' leagues have, picked at random. */
  formats?: readonly TradeFormat[];
  days?: number;
}

export const SF12: TradeFormat = { size: 12, qbFormat: 'SF', ppr: 1, tePremium: 0, idp: false };

export function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export function syntheticMarket(o: SyntheticOptions): SyntheticMarket {
  const rnd = random(o.seed ?? 7);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const k = MODEL.k;
  const truth = new Map<string, number>();
  const adp = new Map<string, number>();
  const assets: { key: string; u: number }[] = [];
  for (let rank = 1; rank <= o.players; rank++) {
    const key = `player:${rank}`;
    const v = adpPrior(rank);
    truth.set(key, v);
    // The market's ADP is right on average but off by about a fifth of the pick; one in ten has none.
    if (rnd() > 0.1) adp.set(key, Math.max(1, rank * Math.exp(0.2 * gauss())));
    assets.push({ key, u: v ** k });
  }
  for (const round of [1, 2, 3])
    for (const slot of ['early', 'mid', 'late']) {
      const key = `pick:2027:${round}:${slot}`;
      const v = adpPrior(22 + 50 * (round - 1) + (slot === 'early' ? 0 : slot === 'mid' ? 12 : 24));
      truth.set(key, v);
      assets.push({ key, u: v ** k });
    }
  assets.sort((a, b) => a.u - b.u);
  const closest = (target: number, not: Set<string>) => {
    let lo = 0;
    let hi = assets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (assets[mid].u < target) lo = mid + 1;
      else hi = mid;
    }
    for (const d of [0, -1, 1, -2, 2, -3, 3]) {
      const a = assets[lo + d];
      if (a && !not.has(a.key)) return a;
    }
    return undefined;
  };
  // Popular players trade more: picks of an asset lean toward the top of the list.
  const pick = () => assets[Math.floor(assets.length * (1 - rnd() ** 1.6))] ?? assets[assets.length - 1];
  const formats = o.formats ?? [SF12];
  const days = o.days ?? 365;
  const trades: ModelTrade[] = [];
  const outlierIds = new Set<string>();
  const services = ['sleeper', 'mfl', 'flea'];
  while (trades.length < o.trades) {
    const a1 = pick();
    const sideA = [a1];
    if (rnd() < 0.35) {
      const a2 = pick();
      if (a2.key !== a1.key) sideA.push(a2);
    }
    const uA = sideA.reduce((s, a) => s + a.u, 0);
    const lopsided = rnd() < (o.outliers ?? 0);
    const target = lopsided ? uA / 3 ** k : uA * Math.exp(k * (o.noise ?? 0.08) * gauss());
    const used = new Set(sideA.map((a) => a.key));
    const sideB: { key: string; u: number }[] = [];
    if (rnd() < 0.5) {
      const b = closest(target, used);
      if (b) sideB.push(b);
    } else {
      const first = closest(target * (0.35 + 0.5 * rnd()), used);
      if (first) {
        used.add(first.key);
        sideB.push(first);
        const second = closest(target - first.u, used);
        if (second) sideB.push(second);
      }
    }
    if (sideB.length === 0) continue;
    const uB = sideB.reduce((s, a) => s + a.u, 0);
    // The sides as traded must be as near as the noise meant (the nearest asset can be far at the top).
    if (Math.abs(Math.log(uB / target)) > 0.15 * k) continue;
    const id = `t${trades.length}`;
    if (lopsided) outlierIds.add(id);
    trades.push({
      id,
      at: o.now - Math.floor(rnd() * days * 86_400_000),
      service: services[Math.floor(rnd() * services.length)],
      format: formats[Math.floor(rnd() * formats.length)],
      sides: [
        { assets: sideA.map((a) => a.key), faab: 0 },
        { assets: sideB.map((a) => a.key), faab: 0 },
      ],
    });
  }
  return { trades, truth, adp, outlierIds };
}
