import type { TradeFormat } from '#common/trades.ts';
import { SIDE_EXPONENT, type ValueFormat } from '#common/values.ts';

/*
 * The value model (decision 036), pure: trades in, a value per asset out. Each two-sided trade says
 * "what side A received is worth what side B received". A side's worth is (Σ vᵢᵏ)^(1/k) with k > 1, so
 * two assets are worth less than their sum and a star more than two halves. With θᵢ = log vᵢᵏ the
 * values are the regularised weighted least-squares fit
 *
 *   minimise  Σ_t w_t (log Σ_A e^θ − log Σ_B e^θ)²  +  Σ_i τ_i (θ_i − log p_iᵏ)²
 *
 * w_t weighs recency (half-life) and how near the trade's league is to the format; the log ratio is
 * 0 for a fair trade whatever the values' scale, so every trade counts in relative terms and only the
 * prior p (from startup ADP) sets the scale; τ_i is the prior's strength, counted in trades. Solved by
 * Gauss–Newton, each step a sparse linear system solved by preconditioned conjugate gradients; after
 * five steps the lopsided trades are left out and the fit goes on without them.
 */

/** The model's constants; the decision record says why each is what it is. */
const constants = {
  /** Exponent of the side worth (Σ vᵏ)^(1/k): two halves of a player are worth 2^(1/k)/2 = 82% of him. */
  k: SIDE_EXPONENT,
  /** A trade's weight halves every this many days. */
  halfLifeDays: 60,
  /** The prior counts as this many trades of the asset. */
  priorTrades: 2,
  /** A trade whose side worths, by a first fit, differ by more than this ratio is left out. */
  outlierRatio: 2,
  /** Below this many trades, or this much recency weight, a value is too thin to show. */
  minTrades: 3,
  minWeight: 1,
  /** Trades weighing less than this for the format are not used. */
  minFormatWeight: 0.05,
  /** Values run from this (the best startup pick's prior) down. */
  top: 10_000,
  /** FAAB enters as an asset worth u per this many dollars. */
  faabUnit: 100,
};
export type ModelConstants = Readonly<typeof constants>;
export const MODEL: ModelConstants = Object.freeze(constants);

export interface ModelSide {
  /** Asset keys (players by one id across services, picks by pickKey), one per asset received. */
  assets: readonly string[];
  faab: number;
}

export interface ModelTrade {
  id: string;
  /** Milliseconds since the epoch. */
  at: number;
  service: string;
  format: TradeFormat;
  sides: readonly ModelSide[];
}

export interface ModelOptions {
  format: ValueFormat;
  /** Trades after this are not known (values "as of" it); recency counts back from it. */
  now: number;
  /** Prior value of an asset (on the value scale), or undefined for none known. */
  prior(asset: string): number | undefined;
  /** IDP players: only valued in IDP formats (a trade holding one counts only there). */
  isIdp?(asset: string): boolean;
  /** Constants to vary (tests and the bench). */
  constants?: Partial<ModelConstants>;
  /** How many trade ids each value keeps (newest first); all are counted. */
  keepIds?: number;
}

export interface AssetValue {
  asset: string;
  value: number;
  /** One standard error, in value points. */
  error: number;
  prior: number;
  /** Trades used for this value, and their recency-and-format weight. */
  trades: number;
  weight: number;
  /** The newest trades used, newest first. */
  tradeIds: string[];
  thin: boolean;
}

export interface ModelFit {
  values: Map<string, AssetValue>;
  /** Trades used, by weight > 0, and of those in exactly this format. */
  used: number;
  exact: number;
  outliers: number;
  /** Left out: more than two sides, IDP players in a non-IDP format, or too far a format. */
  skipped: number;
  /** Root-mean-square relative gap of the used trades (the noise σ behind the errors). */
  sigma: number;
  services: string[];
  from: number | null;
  to: number | null;
}

/** The prior from a startup ADP (overall pick): a smooth curve from MODEL.top at pick 1. */
export function adpPrior(adp: number, top: number = MODEL.top): number {
  return top * (1 + (Math.max(1, adp) - 1) / 24) ** -1.3;
}

/** Where the best rookie at this round and slot is usually taken in startups (for a pick's prior). */
export function pickStartupEquivalent(round: number, slot: string | null | undefined, teams: number): number {
  const at = slot === 'early' ? teams / 6 : slot === 'late' ? (5 * teams) / 6 : teams / 2;
  return 15 + 7 * ((round - 1) * teams + at);
}

/**
 * How much a trade of a league with these facts tells about the target format, 0 to 1: a step of two
 * teams halves it, the other QB format (1QB against SF/2QB) quarters it, each half point of PPR or TE
 * premium apart takes 30% off, and an IDP league's trade counts half in a non-IDP format and the
 * reverse. Trades of nearby formats are borrowed this way, weighed down, never shifted.
 */
export function formatWeight(league: TradeFormat, target: ValueFormat): number {
  let w = 0.5 ** (Math.abs(league.size - target.teams) / 2);
  const leagueQb = league.qbFormat === '1QB' ? '1QB' : 'SF';
  if (leagueQb !== target.qb) w *= 0.25;
  else if (league.qbFormat === '2QB') w *= 0.8;
  w *= 0.7 ** (Math.abs(league.ppr - target.ppr) / 0.5);
  w *= 0.7 ** (Math.abs(league.tePremium - target.tePremium) / 0.5);
  if (league.idp !== target.idp) w *= 0.5;
  return w;
}

export function recencyWeight(at: number, now: number, halfLifeDays: number = MODEL.halfLifeDays): number {
  return 0.5 ** (Math.max(0, now - at) / (halfLifeDays * 86_400_000));
}

const FAAB = '$faab';

interface Prepared {
  assets: string[];
  /** Per trade: start into idx/coef (CSR), weight, id. */
  start: Int32Array;
  idx: Int32Array;
  coef: Float64Array;
  weight: Float64Array;
  trades: ModelTrade[];
  exact: Uint8Array;
  skipped: number;
}

function prepare(trades: readonly ModelTrade[], o: ModelOptions, c: ModelConstants): Prepared {
  const index = new Map<string, number>();
  const assets: string[] = [];
  const at = (a: string) => {
    let i = index.get(a);
    if (i === undefined) {
      i = assets.length;
      index.set(a, i);
      assets.push(a);
    }
    return i;
  };
  const kept: ModelTrade[] = [];
  const weights: number[] = [];
  const exact: number[] = [];
  const idx: number[] = [];
  const coef: number[] = [];
  const start: number[] = [0];
  let skipped = 0;
  for (const t of trades) {
    if (t.at > o.now) continue;
    if (t.sides.length !== 2) {
      skipped++;
      continue;
    }
    if (!o.format.idp && o.isIdp && t.sides.some((s) => s.assets.some((a) => o.isIdp?.(a)))) {
      skipped++;
      continue;
    }
    const fw = formatWeight(t.format, o.format);
    if (fw < c.minFormatWeight) {
      skipped++;
      continue;
    }
    // Side A counts +1 per asset, side B −1; the same asset on both sides (never in a real trade) cancels.
    const row = new Map<number, number>();
    t.sides.forEach((s, side) => {
      const sign = side === 0 ? 1 : -1;
      for (const a of s.assets) {
        const i = at(a);
        row.set(i, (row.get(i) ?? 0) + sign);
      }
      if (s.faab > 0) {
        const i = at(FAAB);
        row.set(i, (row.get(i) ?? 0) + (sign * s.faab) / c.faabUnit);
      }
    });
    const nonzero = [...row].filter(([, v]) => v !== 0);
    if (nonzero.length < 2) {
      skipped++;
      continue;
    }
    for (const [i, v] of nonzero) {
      idx.push(i);
      coef.push(v);
    }
    start.push(idx.length);
    kept.push(t);
    weights.push(fw * recencyWeight(t.at, o.now, c.halfLifeDays));
    exact.push(fw === 1 ? 1 : 0);
  }
  return {
    assets,
    start: Int32Array.from(start),
    idx: Int32Array.from(idx),
    coef: Float64Array.from(coef),
    weight: Float64Array.from(weights),
    trades: kept,
    exact: Uint8Array.from(exact),
    skipped,
  };
}

/**
 * Solves (JᵀWJ + S) x = b by conjugate gradients preconditioned with the diagonal, from x0: J holds
 * each trade's row (`jc`, laid out as `coef`), W each trade's weight, S each asset's prior strength.
 */
function solve(
  p: Prepared,
  jc: Float64Array,
  tw: Float64Array,
  strength: Float64Array,
  b: Float64Array,
  x0: Float64Array,
): Float64Array {
  const n = p.assets.length;
  const m = tw.length;
  const r = new Float64Array(m);
  const apply = (x: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) out[i] = strength[i] * x[i];
    for (let t = 0; t < m; t++) {
      if (tw[t] === 0) continue;
      let s = 0;
      for (let j = p.start[t]; j < p.start[t + 1]; j++) s += jc[j] * x[p.idx[j]];
      r[t] = s * tw[t];
    }
    for (let t = 0; t < m; t++) {
      if (tw[t] === 0) continue;
      for (let j = p.start[t]; j < p.start[t + 1]; j++) out[p.idx[j]] += jc[j] * r[t];
    }
  };
  const diag = new Float64Array(n);
  for (let i = 0; i < n; i++) diag[i] = strength[i];
  for (let t = 0; t < m; t++)
    for (let j = p.start[t]; j < p.start[t + 1]; j++) diag[p.idx[j]] += tw[t] * jc[j] * jc[j];
  const x = Float64Array.from(x0);
  const ax = new Float64Array(n);
  apply(x, ax);
  const res = new Float64Array(n);
  let bNorm = 0;
  for (let i = 0; i < n; i++) {
    res[i] = b[i] - ax[i];
    bNorm += b[i] * b[i];
  }
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = res[i] / diag[i];
  const dir = Float64Array.from(z);
  let rz = 0;
  for (let i = 0; i < n; i++) rz += res[i] * z[i];
  const ad = new Float64Array(n);
  const tol = 1e-12 * Math.max(bNorm, 1e-300);
  for (let iter = 0; iter < 2000; iter++) {
    let rr = 0;
    for (let i = 0; i < n; i++) rr += res[i] * res[i];
    if (rr <= tol) break;
    apply(dir, ad);
    let dad = 0;
    for (let i = 0; i < n; i++) dad += dir[i] * ad[i];
    if (dad <= 0) break;
    const alpha = rz / dad;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * dir[i];
      res[i] -= alpha * ad[i];
    }
    let rzNew = 0;
    for (let i = 0; i < n; i++) {
      z[i] = res[i] / diag[i];
      rzNew += res[i] * z[i];
    }
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < n; i++) dir[i] = z[i] + beta * dir[i];
  }
  return x;
}

/** The values that fit the trades best for one format, as of `now`. */
export function fitValues(trades: readonly ModelTrade[], o: ModelOptions): ModelFit {
  const c = { ...MODEL, ...o.constants };
  const p = prepare(trades, o, c);
  const n = p.assets.length;
  const m = p.trades.length;
  // Without a known prior an asset starts at the value of a late startup pick, held as weakly.
  const floor = adpPrior(300, c.top);
  const priorV = new Float64Array(n);
  const priorU = new Float64Array(n);
  // The prior's strength on log u, in trades: a trade of one asset for one tells its log u with weight 1.
  const strengthLog = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = p.assets[i];
    const known = a === FAAB ? undefined : o.prior(a);
    // FAAB's prior: $100 is worth about a late startup pick.
    priorV[i] = known ?? floor;
    priorU[i] = priorV[i] ** c.k;
    strengthLog[i] = known === undefined ? c.priorTrades / 4 : c.priorTrades;
  }
  // In θ = log u, positive by construction; Gauss–Newton on the log ratio of the sides,
  // log Σ_A e^θ − log Σ_B e^θ, which is 0 for a fair trade whatever the scale (the prior sets the
  // scale), each step's length halved until the objective falls. Outliers are judged at `judgeAt`.
  const theta = Float64Array.from(priorU, Math.log);
  const logPrior = Float64Array.from(theta);
  const jc = new Float64Array(p.coef.length);
  const tw = new Float64Array(m);
  const gap = new Float64Array(m);
  const rhs = new Float64Array(n);
  const zero = new Float64Array(n);
  const keep = new Uint8Array(m).fill(1);
  let outliers = 0;
  const gaps = (th: Float64Array, out: Float64Array) => {
    for (let t = 0; t < m; t++) {
      let a = 0;
      let b = 0;
      for (let j = p.start[t]; j < p.start[t + 1]; j++) {
        const v = p.coef[j] * Math.exp(th[p.idx[j]]);
        if (v > 0) a += v;
        else b -= v;
      }
      out[t] = Math.log(a / b);
    }
  };
  const objective = (th: Float64Array) => {
    const g = new Float64Array(m);
    gaps(th, g);
    let f = 0;
    for (let t = 0; t < m; t++) if (keep[t]) f += p.weight[t] * g[t] * g[t];
    for (let i = 0; i < n; i++) f += strengthLog[i] * (th[i] - logPrior[i]) ** 2;
    return f;
  };
  const linearise = () => {
    gaps(theta, gap);
    for (let t = 0; t < m; t++) {
      let a = 0;
      let b = 0;
      for (let j = p.start[t]; j < p.start[t + 1]; j++) {
        const v = p.coef[j] * Math.exp(theta[p.idx[j]]);
        if (v > 0) a += v;
        else b -= v;
      }
      // ∂gap/∂θ_j: the asset's share of its side, signed.
      for (let j = p.start[t]; j < p.start[t + 1]; j++)
        jc[j] = (p.coef[j] * Math.exp(theta[p.idx[j]])) / (p.coef[j] > 0 ? a : b);
      tw[t] = keep[t] ? p.weight[t] : 0;
    }
  };
  const judgeAt = 5;
  const trial = new Float64Array(n);
  for (let pass = 0; pass < 12; pass++) {
    linearise();
    if (pass === judgeAt) {
      for (let t = 0; t < m; t++)
        if (Math.abs(gap[t]) / c.k > Math.log(c.outlierRatio)) {
          keep[t] = 0;
          tw[t] = 0;
          outliers++;
        }
    }
    for (let i = 0; i < n; i++) rhs[i] = -strengthLog[i] * (theta[i] - logPrior[i]);
    for (let t = 0; t < m; t++) {
      if (tw[t] === 0) continue;
      for (let j = p.start[t]; j < p.start[t + 1]; j++) rhs[p.idx[j]] -= tw[t] * jc[j] * gap[t];
    }
    const step = solve(p, jc, tw, strengthLog, rhs, zero);
    const before = objective(theta);
    let length = 1;
    let moved = 0;
    for (let tries = 0; tries < 8; tries++, length /= 2) {
      for (let i = 0; i < n; i++) trial[i] = theta[i] + length * step[i];
      if (objective(trial) <= before) {
        for (let i = 0; i < n; i++) moved = Math.max(moved, Math.abs(trial[i] - theta[i]));
        theta.set(trial);
        break;
      }
    }
    if (moved < 1e-4 && pass > judgeAt) break;
  }
  linearise();
  // The noise: root-mean-square log gap (in u) over the kept trades, by weight.
  let num = 0;
  let den = 0;
  for (let t = 0; t < m; t++) {
    num += tw[t] * gap[t] * gap[t];
    den += tw[t];
  }
  const sigma = den > 0 ? Math.sqrt(num / den) : 0;
  // The errors: σ² over each asset's diagonal of the normal equations (its own information,
  // ignoring how it co-varies with the others it was traded against), in value points by the delta rule.
  const info = Float64Array.from(strengthLog);
  const count = new Int32Array(n);
  const weight = new Float64Array(n);
  const ids: number[][] = Array.from({ length: n }, () => []);
  const keepIds = o.keepIds ?? 20;
  // Newest trades first, for the ids each value keeps.
  const order = [...Array(m).keys()].sort((x, y) => p.trades[y].at - p.trades[x].at);
  for (const t of order) {
    if (!keep[t]) continue;
    for (let j = p.start[t]; j < p.start[t + 1]; j++) {
      const i = p.idx[j];
      info[i] += tw[t] * jc[j] * jc[j];
      count[i]++;
      weight[i] += p.weight[t];
      if (ids[i].length < keepIds) ids[i].push(t);
    }
  }
  const values = new Map<string, AssetValue>();
  // Too few trades to tell the noise: take it as at least a tenth.
  const floorSigma = Math.max(sigma, 0.1);
  for (let i = 0; i < n; i++) {
    const a = p.assets[i];
    if (a === FAAB) continue;
    const v = Math.exp(theta[i] / c.k);
    // v = e^(θ/k): a standard error of θ is v/k of it in value points.
    const sdTheta = Math.sqrt(floorSigma ** 2 / info[i]);
    values.set(a, {
      asset: a,
      value: v,
      error: (v * sdTheta) / c.k,
      prior: priorV[i],
      trades: count[i],
      weight: weight[i],
      tradeIds: ids[i].map((t) => p.trades[t].id),
      thin: count[i] < c.minTrades || weight[i] < c.minWeight,
    });
  }
  let used = 0;
  let exact = 0;
  let from: number | null = null;
  let to: number | null = null;
  const services = new Set<string>();
  for (let t = 0; t < m; t++) {
    if (!keep[t]) continue;
    used++;
    exact += p.exact[t];
    const trade = p.trades[t];
    services.add(trade.service);
    from = from === null ? trade.at : Math.min(from, trade.at);
    to = to === null ? trade.at : Math.max(to, trade.at);
  }
  return {
    values,
    used,
    exact,
    outliers,
    skipped: p.skipped,
    sigma,
    services: [...services].sort(),
    from,
    to,
  };
}

/** A side's worth by the values: (Σ vᵏ)^(1/k); assets without a value count their prior, or nothing. */
export function sideWorth(
  assets: readonly string[],
  worthOf: (asset: string) => number | undefined,
  k: number = MODEL.k,
): number {
  let u = 0;
  for (const a of assets) u += (worthOf(a) ?? 0) ** k;
  return u ** (1 / k);
}

export interface HeldOutFit {
  /** Trades held out and predicted. */
  trades: number;
  /** Median and mean of |worth A − worth B| / mean worth, by the fitted values. */
  median: number;
  mean: number;
  /** The same by the prior alone (startup ADP): what the trades add. */
  priorMedian: number;
}

/**
 * Held-out fit: every `every`-th trade of exactly the format (by time) is held out, the values fitted
 * on the rest, and each held-out trade's two side worths compared. A fair trade predicts a gap of 0.
 */
export function heldOutFit(trades: readonly ModelTrade[], o: ModelOptions, every = 5): HeldOutFit {
  const c = { ...MODEL, ...o.constants };
  const sorted = [...trades].filter((t) => t.at <= o.now).sort((a, b) => a.at - b.at);
  const held: ModelTrade[] = [];
  const train: ModelTrade[] = [];
  let n = 0;
  for (const t of sorted) {
    const isExact = t.sides.length === 2 && formatWeight(t.format, o.format) === 1;
    if (isExact && n++ % every === every - 1) held.push(t);
    else train.push(t);
  }
  const fit = fitValues(train, o);
  const gap = (t: ModelTrade, worth: (a: string) => number | undefined) => {
    const [a, b] = t.sides.map((s) => sideWorth(s.assets, worth, c.k));
    return Math.abs(a - b) / Math.max((a + b) / 2, 1e-9);
  };
  const floor = adpPrior(300, c.top);
  const fitted = (a: string) => fit.values.get(a)?.value ?? o.prior(a) ?? floor;
  const prior = (a: string) => o.prior(a) ?? floor;
  const gaps = held.map((t) => gap(t, fitted)).sort((a, b) => a - b);
  const priorGaps = held.map((t) => gap(t, prior)).sort((a, b) => a - b);
  const median = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs[Math.floor(xs.length / 2)]);
  return {
    trades: held.length,
    median: median(gaps),
    mean: gaps.length ? gaps.reduce((s, x) => s + x, 0) / gaps.length : Number.NaN,
    priorMedian: median(priorGaps),
  };
}
