import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUE_FORMAT, type ValueFormat } from '#common/values.ts';
import {
  adpPrior,
  fitValues,
  formatWeight,
  heldOutFit,
  MODEL,
  type ModelOptions,
  type ModelTrade,
  recencyWeight,
  sideWorth,
} from './model.ts';
import { SF12, syntheticMarket } from './synthetic.ts';

const now = Date.UTC(2026, 10, 1);
const day = 86_400_000;

function options(
  prior: (a: string) => number | undefined,
  format: ValueFormat = DEFAULT_VALUE_FORMAT,
): ModelOptions {
  return { format, now, prior };
}

/** Spearman's rank correlation. */
function spearman(xs: number[], ys: number[]): number {
  const rank = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    order.forEach(([, i], k) => {
      r[i] = k;
    });
    return r;
  };
  const rx = rank(xs);
  const ry = rank(ys);
  const n = xs.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (rx[i] - ry[i]) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

const trade = (id: string, daysAgo: number, a: string[], b: string[], format = SF12): ModelTrade => ({
  id,
  at: now - daysAgo * day,
  service: 'sleeper',
  format,
  sides: [
    { assets: a, faab: 0 },
    { assets: b, faab: 0 },
  ],
});

describe('the value model on trades generated from known values', () => {
  const market = syntheticMarket({ players: 300, trades: 8000, now, outliers: 0.03, seed: 11 });
  const prior = (a: string) => {
    const adp = market.adp.get(a);
    return adp === undefined ? undefined : adpPrior(adp);
  };
  const fit = fitValues(market.trades, options(prior));

  it('gives the true values back, far nearer than the noisy startup ADP it starts from', () => {
    const rows = [...fit.values.values()].filter((v) => !v.thin);
    expect(rows.length).toBeGreaterThan(290);
    const rel = (x: number, truth: number) => Math.abs(x - truth) / truth;
    const errors = rows.map((v) => rel(v.value, market.truth.get(v.asset)!)).sort((a, b) => a - b);
    const priorErrors = rows.map((v) => rel(v.prior, market.truth.get(v.asset)!)).sort((a, b) => a - b);
    const median = (xs: number[]) => xs[xs.length >> 1];
    expect(median(errors)).toBeLessThan(0.1);
    expect(median(errors)).toBeLessThan(median(priorErrors) * 0.75);
    expect(
      spearman(
        rows.map((v) => v.value),
        rows.map((v) => market.truth.get(v.asset)!),
      ),
    ).toBeGreaterThan(0.98);
  });

  it('leaves out the lopsided trades, and few others', () => {
    expect(fit.outliers).toBeGreaterThan(market.outlierIds.size * 0.5);
    expect(fit.outliers).toBeLessThan(market.outlierIds.size * 1.5);
    // An outlier's id is never among the trades behind a value.
    const behind = new Set([...fit.values.values()].flatMap((v) => v.tradeIds));
    const leaked = [...market.outlierIds].filter((id) => behind.has(id)).length;
    expect(leaked / market.outlierIds.size).toBeLessThan(0.4);
  });

  it('predicts held-out trades better than startup ADP alone', () => {
    const held = heldOutFit(market.trades, options(prior));
    expect(held.trades).toBeGreaterThan(1000);
    expect(held.median).toBeLessThan(0.12);
    expect(held.median).toBeLessThan(held.priorMedian * 0.7);
    console.log(
      `held-out fit: ${held.trades} trades, median gap ${(held.median * 100).toFixed(1)}% (mean ${(held.mean * 100).toFixed(1)}%), startup ADP alone ${(held.priorMedian * 100).toFixed(1)}%`,
    );
  });

  it('carries the trades behind each value and an error that shrinks with them', () => {
    const top = fit.values.get('player:3')!;
    expect(top.trades).toBeGreaterThan(50);
    expect(top.tradeIds.length).toBe(20);
    const ids = new Set(market.trades.map((t) => t.id));
    expect(top.tradeIds.every((id) => ids.has(id))).toBe(true);
    const byTrades = [...fit.values.values()].sort((a, b) => a.trades - b.trades);
    const few = byTrades.slice(0, 30);
    const many = byTrades.slice(-30);
    const relErr = (vs: typeof few) => vs.reduce((s, v) => s + v.error / v.value, 0) / vs.length;
    expect(few.length).toBeGreaterThan(0);
    expect(relErr(many)).toBeLessThan(relErr(few));
  });
});

describe('the side worth', () => {
  it('values two assets at less than their sum, and one star above two halves', () => {
    const values = new Map([
      ['star', 8000],
      ['half', 4000],
    ]);
    const two = sideWorth(['half', 'half2'], (a) => values.get(a) ?? 4000);
    expect(two).toBeCloseTo(4000 * 2 ** (1 / MODEL.k), 6);
    expect(two).toBeLessThan(8000);
    expect(sideWorth(['star'], (a) => values.get(a))).toBeCloseTo(8000, 6);
  });

  it('fits a star traded for two equal players at 2^(1/k) times one of them, not twice', () => {
    const trades = Array.from({ length: 30 }, (_, i) => trade(`t${i}`, i, ['x'], ['y', 'z']));
    const fit = fitValues(trades, {
      ...options((a) => (a === 'x' ? 5000 : 3000)),
      constants: { priorTrades: 0.01 },
    });
    const x = fit.values.get('x')!.value;
    const y = fit.values.get('y')!.value;
    expect(fit.values.get('z')!.value).toBeCloseTo(y, 3);
    expect(x / y).toBeCloseTo(2 ** (1 / MODEL.k), 2);
  });
});

describe('what the fit weighs', () => {
  it('follows recent trades over old ones (half-life)', () => {
    // Each trade against its own player, whose startup ADP says 4,000 (a year ago) or 8,000 (now).
    const trades = [
      ...Array.from({ length: 10 }, (_, i) => trade(`old${i}`, 300 + i, ['x'], [`low${i}`])),
      ...Array.from({ length: 10 }, (_, i) => trade(`new${i}`, i, ['x'], [`high${i}`])),
    ];
    const fit = fitValues(
      trades,
      options((a) => (a.startsWith('low') ? 4000 : a.startsWith('high') ? 8000 : 6000)),
    );
    const x = fit.values.get('x')!.value;
    expect(x).toBeGreaterThan(7000);
    expect(recencyWeight(now - 60 * day, now)).toBeCloseTo(0.5, 10);
  });

  it('knows nothing after its date: the 30-day-ago values use only the trades before them', () => {
    const trades = [trade('then', 40, ['x'], ['y']), trade('later', 5, ['x'], ['y'])];
    const fit = fitValues(trades, { ...options(() => 5000), now: now - 30 * day });
    expect(fit.values.get('x')!.tradeIds).toEqual(['then']);
  });

  it('marks a value with too few trades as too thin', () => {
    const trades = [trade('a', 1, ['x'], ['y']), trade('b', 2, ['x'], ['y']), trade('c', 3, ['x'], ['z'])];
    const fit = fitValues(
      trades,
      options(() => 5000),
    );
    expect(fit.values.get('x')!.thin).toBe(false);
    expect(fit.values.get('y')!.thin).toBe(true);
    expect(fit.values.get('z')!.trades).toBe(1);
  });

  it('weighs nearby formats down and leaves far ones and IDP players out of a non-IDP format', () => {
    const f = DEFAULT_VALUE_FORMAT;
    expect(formatWeight(SF12, f)).toBe(1);
    expect(formatWeight({ ...SF12, size: 14 }, f)).toBeCloseTo(0.5);
    expect(formatWeight({ ...SF12, size: 10 }, { ...f, teams: 14 })).toBeCloseTo(0.25);
    expect(formatWeight({ ...SF12, qbFormat: '1QB' }, f)).toBeCloseTo(0.25);
    expect(formatWeight({ ...SF12, qbFormat: '2QB' }, f)).toBeCloseTo(0.8);
    expect(formatWeight({ ...SF12, ppr: 0.5 }, f)).toBeCloseTo(0.7);
    expect(formatWeight({ ...SF12, idp: true }, f)).toBeCloseTo(0.5);
    const trades = [
      trade('idp', 1, ['x'], ['lb']),
      trade('far', 1, ['x'], ['y'], { ...SF12, size: 8, qbFormat: '1QB', ppr: 0 }),
      trade('near', 1, ['x'], ['y'], { ...SF12, size: 14 }),
    ];
    const base = { ...options(() => 5000), isIdp: (a: string) => a === 'lb' };
    const plain = fitValues(trades, base);
    expect(plain.used).toBe(1);
    expect(plain.exact).toBe(0);
    expect(plain.skipped).toBe(2);
    expect(plain.values.has('lb')).toBe(false);
    const idp = fitValues(trades, { ...base, format: { ...f, idp: true } });
    expect(idp.values.get('lb')?.trades).toBe(1);
  });

  it('leaves out trades of more than two sides', () => {
    const three: ModelTrade = {
      ...trade('three', 1, ['x'], ['y']),
      sides: [
        { assets: ['x'], faab: 0 },
        { assets: ['y'], faab: 0 },
        { assets: ['z'], faab: 0 },
      ],
    };
    const fit = fitValues(
      [three],
      options(() => 5000),
    );
    expect(fit.used).toBe(0);
    expect(fit.skipped).toBe(1);
  });
});
