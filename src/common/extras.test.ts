import { describe, expect, it } from 'vitest';
import { extraKinds, missingExtrasText, sortExtras } from './extras.ts';
import { documentTitle, HOME_TITLE, SITE_NAME } from './site.ts';
import { INT32_MAX, rowId, rowIdText, text } from './text.ts';

describe('extras', () => {
  it('sorts the extras in their one order, each once', () => {
    expect(sortExtras(['identities', 'starters', 'identities', 'byes'])).toEqual([
      'starters',
      'byes',
      'identities',
    ]);
    expect(sortExtras([])).toEqual([]);
    expect(sortExtras(extraKinds)).toEqual([...extraKinds]);
  });

  it('names what is missing in one line, or nothing', () => {
    expect(missingExtrasText([])).toBe('');
    expect(missingExtrasText(['injuries', 'starters'])).toBe(
      'Not shown right now, a service did not answer: starter flags, injuries.',
    );
    expect(missingExtrasText(new Set(['identities'] as const))).toBe(
      'Not shown right now, a service did not answer: matching players across services.',
    );
  });
});

describe('site titles', () => {
  it("puts the page's title first and the home page's alone", () => {
    expect(SITE_NAME).toBe('Dynasty Forge');
    expect(documentTitle(null)).toBe('Dynasty Forge — dynasty fantasy football analysis and league tools');
    expect(documentTitle(null)).toBe(HOME_TITLE);
    expect(documentTitle('Rookie ADP')).toBe('Rookie ADP | Dynasty Forge');
    expect(documentTitle('')).toBe(' | Dynasty Forge');
  });
});

describe('text and ids', () => {
  it('refuses a NUL character in any text', () => {
    expect(text().safeParse('a\u0000b').success).toBe(false);
    expect(text().parse('plain')).toBe('plain');
  });

  it("takes ids within PostgreSQL's integer, as numbers or as digits", () => {
    expect(rowId().safeParse(INT32_MAX).success).toBe(true);
    expect(rowId().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(rowId().safeParse(0).success).toBe(false);
    expect(rowIdText().parse('2147483647')).toBe(INT32_MAX);
    expect(rowIdText().parse('7')).toBe(7);
    for (const bad of ['2147483648', '0', 'x7', '7x', '', '12345678901', '-3']) {
      const r = rowIdText().safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0].message, bad).toBe('Expected a numeric id.');
    }
    expect(rowIdText('Which one?').safeParse('x').error?.issues[0].message).toBe('Which one?');
  });
});
