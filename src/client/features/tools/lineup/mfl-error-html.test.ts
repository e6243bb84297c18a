import { describe, expect, it } from 'vitest';
import { mflErrorHtml } from './mfl-error-html.ts';

describe('mflErrorHtml', () => {
  it('keeps MFL text and simple markup', async () => {
    expect(await mflErrorHtml('Too many starters at <b>QB</b>: limit is 1.')).toBe(
      'Too many starters at <b>QB</b>: limit is 1.',
    );
    expect(await mflErrorHtml('See <a href="https://www44.myfantasyleague.com/2026/rules">rules</a>')).toBe(
      'See <a href="https://www44.myfantasyleague.com/2026/rules" target="_blank" rel="noopener noreferrer">rules</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>Nope', 'Nope'],
    ['<img src=x onerror="alert(1)">Bad', 'Bad'],
    ['<b onclick="alert(1)">x</b>', '<b>x</b>'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example/">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<span style="background:url(javascript:alert(1))">s</span>', '<span>s</span>'],
  ])('strips what could run: %s', async (input, output) => {
    expect(await mflErrorHtml(input)).toBe(output);
  });

  it('leaves escaped text escaped', async () => {
    expect(await mflErrorHtml('a &lt;script&gt; b')).toBe('a &lt;script&gt; b');
  });
});
