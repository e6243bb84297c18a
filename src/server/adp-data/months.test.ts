import { describe, expect, it } from 'vitest';
import { monthOf, nextMonth, wholeMonths } from './months.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('monthly totals: months and windows', () => {
  it('names the UTC month of a time and the month after', () => {
    expect(monthOf(new Date(Date.UTC(2025, 4, 31, 23, 59, 59, 999)))).toBe('2025-05-01');
    expect(monthOf(new Date(Date.UTC(2025, 5, 1)))).toBe('2025-06-01');
    expect(nextMonth('2025-12-01')).toBe('2026-01-01');
    expect(nextMonth('2024-02-01')).toBe('2024-03-01');
  });

  it('finds the whole months inside a window of days (end exclusive)', () => {
    expect(wholeMonths(day('2025-05-01'), day('2025-06-01'))).toEqual({
      from: '2025-05-01',
      to: '2025-06-01',
    });
    expect(wholeMonths(day('2025-04-20'), day('2025-08-06'))).toEqual({
      from: '2025-05-01',
      to: '2025-08-01',
    });
    expect(wholeMonths(day('2025-05-02'), day('2025-06-30'))).toBeUndefined();
    expect(wholeMonths(day('2025-05-01'), day('2025-05-31'))).toBeUndefined();
    expect(wholeMonths(day('2024-12-15'), day('2026-01-01'))).toEqual({
      from: '2025-01-01',
      to: '2026-01-01',
    });
  });
});
