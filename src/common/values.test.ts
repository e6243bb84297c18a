import { describe, expect, it } from 'vitest';
import {
  allValueFormats,
  formatKey,
  nearestValueFormat,
  parseFormatKey,
  sideWorth,
  trendText,
  type ValueRow,
  valuesCsv,
  valuesRequestSchema,
  valueToEven,
} from './values.ts';

describe('value formats', () => {
  it('has one key per format, read back as it was', () => {
    const formats = allValueFormats();
    expect(formats).toHaveLength(108);
    expect(new Set(formats.map(formatKey)).size).toBe(108);
    for (const f of formats) expect(parseFormatKey(formatKey(f))).toEqual(f);
    expect(parseFormatKey('16-sf-ppr1-te0')).toBeUndefined();
    expect(parseFormatKey('12-sf-ppr0.75-te0')).toBeUndefined();
  });

  it('takes a key in any case and answers it in one spelling; refuses another', () => {
    expect(valuesRequestSchema.parse({ format: ' 12-SF-ppr1-te0.5-IDP ' }).format).toBe(
      '12-sf-ppr1-te0.5-idp',
    );
    expect(valuesRequestSchema.parse({}).format).toBe('12-sf-ppr1-te0');
    expect(valuesRequestSchema.safeParse({ format: '12-sf' }).success).toBe(false);
  });

  it("gives a league's nearest format, 2QB as superflex", () => {
    expect(nearestValueFormat({ size: 16, qbFormat: '2QB', ppr: 0.8, tePremium: 0.3, idp: true })).toEqual({
      teams: 14,
      qb: 'SF',
      ppr: 1,
      tePremium: 0.5,
      idp: true,
    });
    expect(nearestValueFormat({ size: 8, qbFormat: '1QB', ppr: 0, tePremium: 0, idp: false }).teams).toBe(10);
  });
});

describe('side worth', () => {
  it('is (Σ v^1.4)^(1/1.4), and what evens a trade brings the smaller side level', () => {
    expect(sideWorth([5000])).toBeCloseTo(5000, 9);
    expect(sideWorth([3000, 3000])).toBeCloseTo(3000 * 2 ** (1 / 1.4), 9);
    const need = valueToEven([3000], [5000]);
    expect(sideWorth([3000, need])).toBeCloseTo(5000, 6);
    expect(valueToEven([5000], [3000])).toBe(0);
  });
});

describe('CSV and trend', () => {
  const row = (over: Partial<ValueRow>): ValueRow => ({
    asset: 'player:1',
    kind: 'player',
    name: 'A',
    position: 'WR',
    team: 'KC',
    rookie: false,
    ids: [],
    value: 5000.4,
    error: 120.6,
    previous: 4900,
    trades: 12,
    thin: false,
    ...over,
  });
  it('writes a value, its error and trend, and leaves a too-thin value blank', () => {
    expect(trendText(row({}))).toBe('+100');
    expect(trendText(row({ previous: null }))).toBe('');
    expect(
      valuesCsv([row({}), row({ name: '=B', thin: true })])
        .split('\r\n')
        .slice(1, 3),
    ).toEqual(['1,A,WR,KC,5000,121,100,12,', "2,'=B,WR,KC,,,,12,yes"]);
  });
});
