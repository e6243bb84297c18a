import { describe, expect, it } from 'vitest';
import { formatDate, markdownToText, searchHeader, truncate } from './content-format.ts';

/*
 * Each markdown rule on its own, with the exact text it leaves: content.test.ts checks the rules
 * together on whole bodies.
 */
describe('markdownToText, rule by rule', () => {
  it.each([
    ['a video marker is a space', 'a[[video:https://x.test/v]]b', 'a b'],
    ['a code fence and its language go', 'a```js\nb```', 'a b'],
    ['an opening fence at the end of the text goes with its language', 'Run it: ```sh', 'Run it:'],
    ['a heading line goes', '# Title\nText', 'Text'],
    ['an indented heading line goes', '  # Indented\nText', 'Text'],
    ['a # inside a line stays', 'C# is fun', 'C# is fun'],
    ['#word is no heading', '#hashtag here', '#hashtag here'],
    ['an HTML tag is a space', 'a<br>b', 'a b'],
    ['an image leaves its alt text', '![alt text](/x.png)', 'alt text'],
    ['a link leaves its text', 'see [the board](https://x.test) now', 'see the board now'],
    ['a rule line goes', 'a\n---\nb', 'a b'],
    ['an indented rule goes', 'a\n  ---\nb', 'a b'],
    ['a spaced rule goes', 'a\n- - -\nb', 'a b'],
    ['dashes after words are no rule', 'Go ---', 'Go ---'],
    ['dashes then words are no rule', '---x', '---x'],
    ['a lone dash ending the text stays', 'x\n-', 'x -'],
    ['a table separator goes, pipes are spaces', '| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
    ['a separator without outer pipes goes', 'a\n---|---\nb', 'a b'],
    ['a spaced separator goes', 'a\n| --- | --- |\nb', 'a b'],
    ['an indented separator goes', 'a\n |---|\nb', 'a b'],
    ['a separator with a last cell unpiped goes', 'a\n|---| ---\nb', 'a b'],
    ['a separator after words stays as dashes', 'a |--|', 'a --'],
    ['a separator followed by a word stays as dashes', '|---|x', '--- x'],
    ['a pipe in text is a space', 'x|y', 'x y'],
    ['an indented list marker goes', 'a\n  - item', 'a item'],
    ['a nested quote marker goes', '>> quoted', 'quoted'],
    ['a numbered item of two digits loses its number', '10. Ten', 'Ten'],
    ['a numbered item with a parenthesis loses its number', '2) Two', 'Two'],
    [
      'bold, underline, strike and code lose their markers',
      '**bold** __under__ _it_ ~~gone~~ `code`',
      'bold under it gone code',
    ],
    ['a lone star goes', '5 * 3', '5 3'],
    ['a lone backtick goes', 'a ` b', 'a b'],
    ['an underscore inside a word stays', 'snake_case name', 'snake_case name'],
    ['a non-breaking space entity is a space', 'a&nbsp;b', 'a b'],
    ['white space is one space, trimmed', '  a \n\n\t b  ', 'a b'],
  ])('%s', (_rule, markdown, text) => {
    expect(markdownToText(markdown)).toBe(text);
  });
});

describe('truncate', () => {
  it('keeps text of exactly the limit whole', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc…');
  });

  it('drops the spaces before the ellipsis, not the ones in front', () => {
    expect(truncate('ab  cd', 4)).toBe('ab…');
    expect(truncate(' abcdef', 4)).toBe(' abc…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
    expect(truncate('😀😀', 2)).toBe('😀😀');
  });
});

describe('formatDate and searchHeader', () => {
  it('reads a Date and an ISO text alike', () => {
    expect(formatDate(new Date('2026-03-05T23:30:00Z'))).toBe('2026-03-05');
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it("leaves a profile's empty parts out of its header", () => {
    expect(searchHeader({ type: 'profile', name: 'Cole Brennan', position: '', school: 'Ohio State' })).toBe(
      'Cole Brennan, Ohio State',
    );
    expect(searchHeader({ type: 'profile', name: 'Cole Brennan', position: 'QB', school: '' })).toBe(
      'Cole Brennan, QB',
    );
    expect(searchHeader({ type: 'article', title: 'x'.repeat(31) })).toBe('x'.repeat(31));
  });
});
