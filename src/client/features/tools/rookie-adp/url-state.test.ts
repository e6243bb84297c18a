import { describe, expect, it } from 'vitest';
import { defaultFilter, filterFromParams, hasFilterParams, hiddenFromParams, toParams } from './url-state.ts';

const today = new Date(2025, 5, 15);

describe('the filter in the URL', () => {
  it('defaults to every size and type, any PPR and IDP, and the last 30 days', () => {
    const params = new URLSearchParams();
    expect(hasFilterParams(params)).toBe(false);
    expect(filterFromParams(params, today)).toEqual({
      ppr: 0,
      idp: 0,
      sizes: [10, 12, 14],
      types: ['1QB', 'SF', '2QB'],
      startDate: '2025-05-16',
      endDate: '2025-06-15',
    });
  });

  it('round-trips a filter and the hidden positions', () => {
    const f = {
      ...defaultFilter(today),
      ppr: 1 as const,
      idp: -1 as const,
      sizes: [12 as const],
      types: ['SF' as const],
    };
    const params = toParams(f, new Set(['PK', 'DE']));
    expect(params.toString()).toBe(
      'ppr=1&idp=-1&sizes=12&types=SF&from=2025-05-16&to=2025-06-15&hide=PK%2CDE',
    );
    expect(hasFilterParams(params)).toBe(true);
    expect(filterFromParams(params, today)).toEqual(f);
    expect(hiddenFromParams(params)).toEqual(new Set(['PK', 'DE']));
  });

  it('keeps empty choices (the checks then say what is missing) and drops unreadable values', () => {
    const f = filterFromParams(new URLSearchParams('sizes=&types=3QB,SF&ppr=7&from=2025-02-30&to='), today);
    expect(f).toMatchObject({ sizes: [], types: ['SF'], ppr: 0, startDate: '2025-05-16', endDate: '' });
  });
});
