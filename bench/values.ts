/**
 * Market values: 100,000 trades (VALUES_BENCH_TRADES) of 2,000 players and nine picks over a year,
 * generated from known values with noise and 3% lopsided gifts, to values for one format (the fit the
 * values job runs per format, twice: now and 30 days ago). Prints the wall and CPU time, the peak
 * memory (resident, the process's high-water mark, against the baseline after generating the trades),
 * how near the true values the fit lands, and the held-out fit. Targets: ≤ 10 s CPU per format,
 * ≤ 300 MB above the baseline.
 *
 *   npm run bench -- values
 */
import { DEFAULT_VALUE_FORMAT } from '#common/values.ts';
import { adpPrior, fitValues, heldOutFit } from '#server/market/values/model.ts';
import { syntheticMarket } from '#server/market/values/synthetic.ts';

const TRADES = Number(process.env.VALUES_BENCH_TRADES ?? 100_000);
const TARGET_CPU_S = 10;
const TARGET_MB = 300;
const now = Date.UTC(2026, 10, 1);

const market = syntheticMarket({ players: 2000, trades: TRADES, now, outliers: 0.03, seed: 3 });
const options = {
  format: DEFAULT_VALUE_FORMAT,
  now,
  prior: (a: string) => {
    const adp = market.adp.get(a);
    return adp === undefined ? undefined : adpPrior(adp);
  },
};
globalThis.gc?.();
const baseline = process.resourceUsage().maxRSS / 1024;
const rssBefore = process.memoryUsage().rss / 1048576;
const cpu = process.cpuUsage();
const t0 = performance.now();
const fit = fitValues(market.trades, options);
const wall = (performance.now() - t0) / 1000;
const used = process.cpuUsage(cpu);
const cpuS = (used.user + used.system) / 1e6;
const peak = process.resourceUsage().maxRSS / 1024;
// Above the baseline: the high-water mark after the fit less the resident size before it (the mark
// before the fit may stand above what was resident then, so this never understates).
const peakAbove = peak - Math.min(baseline, rssBefore);

const rows = [...fit.values.values()].filter((v) => !v.thin);
const errors = rows.map((v) => Math.abs(v.value - market.truth.get(v.asset)!) / market.truth.get(v.asset)!);
errors.sort((a, b) => a - b);
const held = heldOutFit(market.trades, options);
console.log(
  [
    `Values — ${TRADES.toLocaleString('en')} trades, ${fit.values.size} assets (${rows.length} with enough trades); ${fit.used} used, ${fit.outliers} left out as lopsided (${market.outlierIds.size} made so)`,
    `Fit: ${wall.toFixed(2)} s wall, ${cpuS.toFixed(2)} s CPU (target ≤ ${TARGET_CPU_S} s) ${cpuS <= TARGET_CPU_S ? 'OK' : 'OVER TARGET'}`,
    `Peak memory: ${peak.toFixed(0)} MB resident, ${peakAbove.toFixed(0)} MB above the ${rssBefore.toFixed(0)} MB before the fit (target ≤ ${TARGET_MB} MB) ${peakAbove <= TARGET_MB ? 'OK' : 'OVER TARGET'}`,
    `Against the true values: median error ${(errors[errors.length >> 1] * 100).toFixed(1)}%, 90th percentile ${(errors[Math.floor(errors.length * 0.9)] * 100).toFixed(1)}%`,
    `Held-out fit (every 5th trade): median gap of predicted side worths ${(held.median * 100).toFixed(1)}% (mean ${(held.mean * 100).toFixed(1)}%) over ${held.trades} trades; startup ADP alone ${(held.priorMedian * 100).toFixed(1)}%`,
  ].join('\n'),
);
if (cpuS > TARGET_CPU_S || peakAbove > TARGET_MB) process.exitCode = 1;
