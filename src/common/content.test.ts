import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  articleInputSchema,
  articleListQuerySchema,
  formatDate,
  formatHeight,
  formatWeight,
  markdownToText,
  parseHeight,
  previewText,
  profileInputSchema,
  profileListQuerySchema,
  searchHeader,
  truncate,
} from './content.ts';

describe('formatDate', () => {
  it('gives YYYY-MM-DD in UTC', () => {
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('2026-03-05');
    expect(formatDate(new Date(Date.UTC(2025, 0, 9, 1)))).toBe('2025-01-09');
  });
  it('gives an empty string for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('previewText', () => {
  it('removes video markers and markdown, then cuts to 100 characters plus an ellipsis', () => {
    const body = `## Heading\n\n[[video:https://www.youtube.com/watch?v=abcdefghijk]]\n\nThe **best** [rookie](https://x.test) board. ${'word '.repeat(40)}`;
    const preview = previewText(body);
    expect(preview).not.toContain('[[video');
    expect(preview).not.toMatch(/[*#[\]]/);
    expect(preview.startsWith('The best rookie board. word')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(Array.from(preview.slice(0, -1)).length).toBeLessThanOrEqual(100);
  });
  it('leaves short text whole, without an ellipsis', () => {
    expect(previewText('Short *body*.')).toBe('Short body.');
  });
  it('strips inline markers, tables, lists and quotes', () => {
    expect(
      markdownToText('a [[video:https://vimeo.com/1]] b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n- one\n> two'),
    ).toBe('a b x y 1 2 one two');
  });
  it('never shows a marker and never runs past 100 characters plus the ellipsis', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const preview = previewText(`${a}[[video:https://youtu.be/abcdefghijk]]${b}`);
        expect(preview).not.toContain('[[video:https://youtu.be');
        expect(Array.from(preview).length).toBeLessThanOrEqual(101);
      }),
    );
  });
});

describe('searchHeader', () => {
  it('heads articles with their whole title: the page clamps it to whole lines', () => {
    const header = searchHeader({
      type: 'article',
      title: 'Superflex Strategy: Why Two Quarterbacks Beat Three',
    });
    expect(header).toBe('Superflex Strategy: Why Two Quarterbacks Beat Three');
    expect(searchHeader({ type: 'article', title: 'Short title' })).toBe('Short title');
  });
  it('heads profiles with name, position and school', () => {
    expect(searchHeader({ type: 'profile', name: "Ja'Marr Chase", position: 'WR', school: 'LSU' })).toBe(
      "Ja'Marr Chase, WR, LSU",
    );
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🏈'.repeat(31), 30)).toBe(`${'🏈'.repeat(30)}…`);
  });
});

describe('list queries', () => {
  it('defaults to page 1 of 20 and reads isAdmin from text', () => {
    expect(articleListQuerySchema.parse({})).toEqual({ limit: 20, page: 1, isAdmin: false });
    expect(articleListQuerySchema.parse({ isAdmin: 'true', limit: '50', page: '2' })).toMatchObject({
      isAdmin: true,
      limit: 50,
      page: 2,
    });
  });
  it('refuses a limit over 100 and a page under 1', () => {
    expect(articleListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(articleListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('leaves empty filters out', () => {
    expect(profileListQuerySchema.parse({ position: '', year: '', search: '' })).toEqual({
      limit: 20,
      page: 1,
      isAdmin: false,
    });
    expect(profileListQuerySchema.parse({ position: 'RB', year: '2026' })).toMatchObject({
      position: 'RB',
      year: 2026,
    });
  });
});

describe('save payloads', () => {
  it('drop the id, date and shortname', () => {
    const parsed = articleInputSchema.parse({ id: 7, date: '2020-01-01', shortname: 'x', title: 'T' });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('date');
    expect(parsed).not.toHaveProperty('shortname');
  });
  it('need a title or name and refuse script image addresses', () => {
    expect(articleInputSchema.safeParse({ title: '  ' }).success).toBe(false);
    expect(profileInputSchema.safeParse({ name: 'A', image: 'javascript:alert(1)' }).success).toBe(false);
    expect(
      profileInputSchema.parse({ name: 'A', image: '/images/x.svg', year: '2026', position: 'wr' }),
    ).toMatchObject({
      year: 2026,
      position: 'WR',
    });
  });
});

describe('a prospect height and weight', () => {
  const save = (fields: object) => profileInputSchema.safeParse({ name: 'A', ...fields });
  const message = (fields: object) => save(fields).error?.issues[0]?.message;

  it('take feet and inches, and whole pounds, kept in one form', () => {
    expect(save({ height: `6'1"`, weight: '215' }).data).toMatchObject({ height: `6'1"`, weight: '215' });
    expect(save({ height: '5\' 11"', weight: 198 }).data).toMatchObject({ height: `5'11"`, weight: '198' });
    expect(save({ height: '6-1', weight: '215 lbs' }).data).toMatchObject({ height: `6'1"`, weight: '215' });
    expect(save({ height: '', weight: '' }).data).toMatchObject({ height: '', weight: '' });
    expect(save({}).data).toMatchObject({ height: '', weight: '' });
  });

  it('refuse words and impossible values, saying what to give', () => {
    const height = `Give the height in feet and inches (4'0" to 7'11"), such as 6'1".`;
    const weight = 'Give the weight in pounds, a whole number from 100 to 450.';
    expect(message({ weight: 'heavy' })).toBe(weight);
    expect(message({ weight: '2150' })).toBe(weight);
    expect(message({ weight: '99' })).toBe(weight);
    expect(message({ weight: 215.5 })).toBe(weight);
    expect(message({ height: 'tall' })).toBe(height);
    expect(message({ height: `6'12"` })).toBe(height);
    expect(message({ height: `9'1"` })).toBe(height);
    expect(message({ height: '73' })).toBe(height);
  });

  it('read back what was stored, and show what cannot be read as it is', () => {
    expect(parseHeight(`6'1"`)).toEqual({ feet: 6, inches: 1 });
    expect(parseHeight('6-1')).toEqual({ feet: 6, inches: 1 });
    expect(parseHeight('5 ft 10 in')).toEqual({ feet: 5, inches: 10 });
    expect(parseHeight('tall')).toBeUndefined();
    expect(formatHeight(6, 0)).toBe(`6'0"`);
    expect(formatWeight('215')).toBe('215 lb');
    expect(formatWeight('about 215 lbs')).toBe('about 215 lbs');
    expect(formatWeight('')).toBe('');
  });
});

describe('query flags, blank filters and image addresses', () => {
  it("reads isAdmin as true only for true, 'true' or '1'", () => {
    expect(articleListQuerySchema.parse({}).isAdmin).toBe(false);
    for (const yes of [true, 'true', '1'])
      expect(articleListQuerySchema.parse({ isAdmin: yes }).isAdmin).toBe(true);
    for (const no of [false, 'false', '0', 'yes', ''])
      expect(articleListQuerySchema.parse({ isAdmin: no }).isAdmin, String(no)).toBe(false);
  });

  it('leaves an empty or null filter out, and trims the rest', () => {
    expect(articleListQuerySchema.parse({ search: '' }).search).toBeUndefined();
    expect(articleListQuerySchema.parse({ search: null }).search).toBeUndefined();
    expect(articleListQuerySchema.parse({ search: ' qb ' }).search).toBe('qb');
    expect(profileListQuerySchema.parse({ year: '' }).year).toBeUndefined();
    expect(profileListQuerySchema.parse({ year: '2027' }).year).toBe(2027);
  });

  it('takes a site path or an http(s) address for an image, nothing else', () => {
    const image = (v: string) => articleInputSchema.safeParse({ title: 'T', image: v });
    for (const ok of ['', '/images/x.svg', 'https://x.test/a.png', 'HTTP://X.TEST/a', ' /images/y.png '])
      expect(image(ok).success, ok).toBe(true);
    for (const bad of [
      '//evil.test/x',
      'javascript:alert(1)',
      'ftp://x.test/a',
      'x/https://a.test',
      'https://a.test/a b',
      'https://',
      'images/x.svg',
      '/',
    ])
      expect(image(bad).success, bad).toBe(false);
    expect(image('javascript:x').error?.issues[0].message).toBe(
      'Use a site path such as /images/x.svg or an http(s) address for the image.',
    );
  });
});
