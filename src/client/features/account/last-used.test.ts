import { describe, expect, it } from 'vitest';
import { lastUsedText } from './last-used.ts';

describe('lastUsedText', () => {
  const now = new Date(2026, 10, 26, 10, 30).getTime();
  const at = (y: number, m: number, d: number, h = 12) => new Date(y, m, d, h).toISOString();

  it('says when an account was last used, by calendar day', () => {
    expect(lastUsedText(null, now)).toBe('Not used yet');
    expect(lastUsedText(at(2026, 10, 26, 0), now)).toBe('Last used today');
    expect(lastUsedText(at(2026, 10, 25, 23), now)).toBe('Last used yesterday');
    expect(lastUsedText(at(2026, 10, 23), now)).toBe('Last used 3 days ago');
    expect(lastUsedText(at(2026, 9, 30), now)).toBe('Last used 27 days ago');
    expect(lastUsedText(at(2026, 9, 1), now)).toBe('Last used on Oct 1, 2026');
  });
});
