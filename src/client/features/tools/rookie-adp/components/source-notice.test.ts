import { describe, expect, it } from 'vitest';
import { ageInWords, staleWords } from './source-notice.tsx';

const now = Date.UTC(2026, 10, 26, 15, 0);
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("an earlier answer's age in words", () => {
  it.each([
    [0, 'a moment ago'],
    [59_999, 'a moment ago'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR + 59 * MIN, '3 hours ago'],
    [24 * HOUR, 'yesterday'],
    [3 * 24 * HOUR, '3 days ago'],
  ])('%i ms ago is "%s"', (elapsed, words) => {
    expect(ageInWords(ago(elapsed), now)).toBe(words);
  });

  it('never says "in" for a clock a little ahead', () => {
    expect(ageInWords(now + 5_000, now)).toBe('a moment ago');
  });

  it("names the service that did not answer and the answer's age", () => {
    expect(staleWords('mfl', ago(3 * HOUR + 5 * MIN), now)).toBe(
      'MFL did not answer; showing its answer from 3 hours ago.',
    );
  });
});
