import { describe, expect, it } from 'vitest';
import { addDays } from '#common/rookie-adp.ts';
import { readAdp } from '#server/leagues/mfl/schemas.ts';
import { fixtureJson } from '#test/league-fixtures.ts';
import {
  between,
  type DayCopy,
  derivedTrend,
  ERROR_LIMIT,
  firstTrendDay,
  monthDays,
  noTrendYetNote,
  pickSum,
  seasonZeroDay,
  trendDays,
  zeroCopy,
} from './mfl-derive.ts';

/*
 * The derivation rules of decision 025 on hand-computed copies: ADP between two copies summed over
 * sizes, the trend, the rounding bound, players under MFL's cutoff, the season's start.
 */

type Line = [id: string, averagePick: number, draftsSelectedIn: number];
const copy = (day: string, ...sizes: [fcount: number, totalDrafts: number, lines: Line[]][]): DayCopy => ({
  day,
  sizes: sizes.map(([fcount, totalDrafts, lines]) => ({
    fcount,
    totalDrafts,
    players: new Map(
      lines.map(([id, averagePick, draftsSelectedIn]) => [id, { averagePick, draftsSelectedIn }]),
    ),
  })),
});

// Two sizes, three copies a month apart. Every draftsSelectedIn under 100: the pick sums are exact.
const c0 = copy('2026-09-01', [10, 100, [['A', 5.0, 50]]], [12, 200, [['A', 6.5, 80]]]);
const c1 = copy('2026-10-01', [10, 150, [['A', 5.2, 70]]], [12, 260, [['A', 6.25, 96]]]);
const c2 = copy('2026-10-31', [10, 200, [['A', 5.0, 90]]], [12, 330, [['A', 6.0, 99]]]);

describe('ADP between two copies', () => {
  it('is the difference of the pick sums over the difference of the picks, summed over the sizes', () => {
    // Sums: 250 + 520 = 770, then 364 + 600 = 964; picks 130, then 166.
    expect(between(c0, c1, 'A')).toEqual({ adp: 194 / 36, drafts: 36, error: 0 });
    // 1044 − 964 = 80 over 189 − 166 = 23 picks.
    expect(between(c1, c2, 'A')).toEqual({ adp: 80 / 23, drafts: 23, error: 0 });
  });

  it('gives the trend: recent minus prior, negative when taken earlier', () => {
    expect(derivedTrend([c0, c1, c2], 'A')).toEqual({ trend: 80 / 23 - 194 / 36, error: 0 });
    expect(80 / 23 - 194 / 36).toBeCloseTo(-1.9106, 4);
  });

  it('needs MIN_TREND_DRAFTS picks in each period', () => {
    // Two more picks between c1 and a copy a month on: too few.
    const few = copy('2026-10-31', [10, 200, [['A', 5.2, 71]]], [12, 330, [['A', 6.25, 97]]]);
    expect(between(c1, few, 'A')?.drafts).toBe(2);
    expect(derivedTrend([c0, c1, few], 'A')).toBeUndefined();
  });

  it('leaves out a player a size with drafts did not list (under its 5 % cutoff), at either copy', () => {
    const gap = copy('2026-10-01', [10, 150, [['A', 5.2, 70]]], [12, 260, []]);
    expect(between(c0, gap, 'A')).toBeUndefined();
    expect(between(gap, c2, 'A')).toBeUndefined();
    expect(derivedTrend([c0, gap, c2], 'A')).toBeUndefined();
    // A size with no drafts at all lists no one, exactly: his picks there are 0.
    const empty = copy('2026-09-01', [10, 100, [['A', 5.0, 50]]], [12, 0, []]);
    expect(between(empty, c1, 'A')).toEqual({ adp: (964 - 250) / 116, drafts: 116, error: 0 });
  });
});

describe("MFL's two-decimal rounding", () => {
  it('pins a pick sum to the whole numbers within s·0.005 of a·s', () => {
    // Under 100 drafts, one whole number: exact.
    expect(pickSum({ averagePick: 5.2, draftsSelectedIn: 70 })).toEqual({ sum: 364, half: 0 });
    // The recorded real answer's first player: 2.63 over 2193 drafts is 5756.6… to 5778.5…: 5757 to 5778.
    expect(pickSum({ averagePick: 2.63, draftsSelectedIn: 2193 })).toEqual({ sum: 5767.5, half: 10.5 });
  });

  it('bounds the error of a derived ADP and trend (random drafts, rounded as MFL rounds)', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let trial = 0; trial < 200; trial++) {
      // Whole picks for three periods; each copy is the cumulative count, its average rounded.
      const periods = [0, 1, 2].map(() =>
        Array.from({ length: 1 + Math.floor(rand() * 900) }, () => 1 + Math.floor(rand() * 60)),
      );
      const cumulative = [
        periods[0],
        [...periods[0], ...periods[1]],
        [...periods[0], ...periods[1], ...periods[2]],
      ];
      const copies = cumulative.map((picks, i) =>
        copy(`2026-0${i + 4}-01`, [
          12,
          5000,
          [['P', Math.round((picks.reduce((a, b) => a + b, 0) / picks.length) * 100) / 100, picks.length]],
        ]),
      ) as [DayCopy, DayCopy, DayCopy];
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const prior = between(copies[0], copies[1], 'P')!;
      const recent = between(copies[1], copies[2], 'P')!;
      expect(Math.abs(prior.adp - mean(periods[1]))).toBeLessThanOrEqual(prior.error + 1e-9);
      expect(Math.abs(recent.adp - mean(periods[2]))).toBeLessThanOrEqual(recent.error + 1e-9);
      const exact = mean(periods[2]) - mean(periods[1]);
      const derived = derivedTrend(copies, 'P');
      if (derived) {
        expect(Math.abs(derived.trend - exact)).toBeLessThanOrEqual(derived.error + 1e-9);
        expect(derived.error).toBeLessThanOrEqual(ERROR_LIMIT);
      } else if (periods[1].length >= 3 && periods[2].length >= 3)
        // Left out only because the bound is above what one decimal can show.
        expect(prior.error + recent.error).toBeGreaterThan(ERROR_LIMIT);
    }
  });

  it("on the recorded real answer's magnitudes: no pick sum exact, and what a trend needs to be shown", () => {
    const recorded = readAdp(
      fixtureJson('mfl', 'braven112__mfl.football.v2/data/theleague/mfl-feeds/2025/adp-redraft.json'),
    );
    const counts = recorded.players.map((p) => p.draftsSelectedIn!).sort((a, b) => a - b);
    expect([counts[0], counts[counts.length >> 1], counts.at(-1)]).toEqual([312, 1959, 6170]);
    for (const p of recorded.players) {
      const { half } = pickSum({ averagePick: p.averagePick!, draftsSelectedIn: p.draftsSelectedIn! });
      // Over 100 drafts each: a range of whole pick sums, s·0.005 either side less at most one.
      expect(half).toBeGreaterThan(0);
      expect(half).toBeLessThanOrEqual(p.draftsSelectedIn! * 0.005);
      expect(half).toBeGreaterThanOrEqual(p.draftsSelectedIn! * 0.005 - 1);
    }
    // Derived copies (not recorded: the recorded answer as the first copy, the median player then
    // adding d picks at his recorded average in each of two periods): shown from d ≈ 2/3 of 1,959.
    const shownWith = (d: number) => {
      const at = (k: number) => copy(`2026-0${k + 4}-01`, [12, 6227 + k * d, [['M', 10, 1959 + k * d]]]);
      return derivedTrend([at(0), at(1), at(2)], 'M') !== undefined;
    };
    expect(shownWith(1100)).toBe(false);
    expect(shownWith(1400)).toBe(true);
  });

  it('leaves out a trend whose bound exceeds what one decimal shows', () => {
    // 2193 drafts in the first copy (±10.5 on its sum), few picks after it: the bound is large.
    const big0 = copy('2026-09-01', [12, 6000, [['A', 2.63, 2193]]]);
    const big1 = copy('2026-10-01', [12, 6500, [['A', 2.7, 2300]]]);
    const big2 = copy('2026-10-31', [12, 7000, [['A', 2.75, 2400]]]);
    const prior = between(big0, big1, 'A')!;
    expect(prior.error).toBeGreaterThan(ERROR_LIMIT);
    expect(derivedTrend([big0, big1, big2], 'A')).toBeUndefined();
  });
});

describe('which copies a trend compares', () => {
  const daily = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  };

  it('the copies nearest the end, 30 and 60 days before, within 3 days', () => {
    expect(trendDays(daily('2026-09-01', '2026-11-26'), '2026-11-26')).toEqual([
      '2026-09-27',
      '2026-10-27',
      '2026-11-26',
    ]);
    // Copies missed on some days: the nearest within 3 days stands in (a tie goes to the earlier).
    expect(trendDays(['2026-09-25', '2026-09-29', '2026-10-28', '2026-11-25'], '2026-11-26')).toEqual([
      '2026-09-25',
      '2026-10-28',
      '2026-11-25',
    ]);
    // None within 3 days of one boundary: no trend.
    expect(trendDays(['2026-09-23', '2026-10-27', '2026-11-26'], '2026-11-26')).toBeUndefined();
  });

  it("uses the season's start, where MFL's counts are zero, and never a copy of the season before", () => {
    const zero = seasonZeroDay(2026);
    expect(zero).toBe('2026-02-28');
    expect(trendDays([zero, '2026-03-30', '2026-04-29'], '2026-04-29')).toEqual([
      zero,
      '2026-03-30',
      '2026-04-29',
    ]);
    // Sixty days before 10 April is 19 days before the season: nothing to compare with.
    expect(trendDays([zero, ...daily('2026-03-01', '2026-04-10')], '2026-04-10')).toBeUndefined();
    // The zero copy gives each player's whole count up to the next copy.
    const z = zeroCopy(2026, [10, 12]);
    expect(between(z, c0, 'A')).toEqual({ adp: 770 / 130, drafts: 130, error: 0 });
    // Months start with the season: March from the zero copy, nothing before.
    expect(monthDays([zero, '2026-03-31', '2026-04-15'], 2026, '2025-12', '2026-04-15')).toEqual([
      { month: '2026-03', from: zero, to: '2026-03-31' },
      { month: '2026-04', from: '2026-03-31', to: '2026-04-15' },
    ]);
  });

  it('says when the first trend comes', () => {
    const kept = daily('2026-10-20', '2026-11-26');
    // The first copy 60 days (less the 3 days' tolerance) before the window's end.
    expect(firstTrendDay(['2026-02-28', ...kept], '2026-11-26', '2027-03-01')).toBe('2026-12-16');
    expect(noTrendYetNote('2026-10-20', '2026-12-16')).toMatch(
      /MFL trends start once the site has kept 60 days of MFL's counts this season; the first copy is from 10\/20\/2026, so the first comes on 12\/16\/2026\.$/,
    );
    expect(noTrendYetNote(undefined, undefined)).toMatch(/no copy has been kept yet\.$/);
  });
});
