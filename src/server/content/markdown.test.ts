import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, videoEmbedUrl } from './markdown.ts';

describe('videoEmbedUrl', () => {
  it('turns YouTube and Vimeo links into their privacy-enhanced players', () => {
    const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.src).toBe(yt);
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')?.src).toBe(yt);
    expect(videoEmbedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')?.src).toBe(yt);
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=42')?.src).toBe(`${yt}?start=42`);
    expect(videoEmbedUrl('https://vimeo.com/76979871')?.src).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(videoEmbedUrl('https://player.vimeo.com/video/76979871')?.src).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
  });
  it('refuses everything else', () => {
    for (const url of [
      'javascript:alert(1)',
      'https://evil.test/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=bad"id<x>',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/abc',
      'not a url',
    ])
      expect(videoEmbedUrl(url), url).toBeUndefined();
  });
});

describe('renderMarkdown', () => {
  it('renders a marker line as a lazily loaded embed and drops inline markers', () => {
    const html = renderMarkdown(
      'Intro [[video:https://vimeo.com/1]] text\n\n[[video:https://youtu.be/dQw4w9WgXcQ]]',
    );
    expect(html).toContain('<p>Intro  text</p>');
    expect(html).toMatch(
      /<div class="video-embed"><iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"[^>]*loading="lazy"/,
    );
  });
  it('never lets markup through that could run script, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '<script>alert(1)</script>',
            '<img src=x onerror=alert(1)>',
            '[a](javascript:alert(1))',
            '<a href="JaVaScRiPt:alert(1)">x</a>',
            '<iframe src="https://evil.test"></iframe>',
            '<svg/onload=alert(1)>',
            '[[video:https://youtu.be/dQw4w9WgXcQ]]',
            '\n\n',
            '**bold**',
            '<div style="background:url(javascript:x)">',
            'text',
          ),
        ),
        (parts) => {
          const html = renderMarkdown(parts.join(''));
          // Plain text may say anything; no tag may carry script.
          expect(html).not.toMatch(/<(script|svg|style)/i);
          expect(html).not.toMatch(/<[^>]+\s(on\w+|style)\s*=/i);
          expect(html).not.toMatch(/<[^>]+(href|src)\s*=\s*["']?\s*(javascript:|https:\/\/evil)/i);
          for (const src of html.match(/<iframe src="[^"]*"/g) ?? [])
            expect(src).toBe('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
        },
      ),
    );
  });
  it('keeps an image only with alt text that says what it shows', () => {
    const html = renderMarkdown(
      [
        '![Depth chart of the Bills](https://example.com/chart.png)',
        '![](https://example.com/no-alt.png)',
        '![   ](https://example.com/blank-alt.png)',
        '<img src="https://example.com/raw.png">',
        '<img src="https://example.com/raw-alt.png" alt="A raw image">',
      ].join('\n\n'),
    );
    expect(html.match(/<img [^>]*>/g)).toEqual([
      '<img src="https://example.com/chart.png" alt="Depth chart of the Bills" loading="lazy" />',
      '<img src="https://example.com/raw-alt.png" alt="A raw image" loading="lazy" />',
    ]);
  });

  it('leaves a slot for a ranking on a line of its own, and only there; an author cannot write one', () => {
    const html = renderMarkdown(
      [
        'Before.',
        '[[ranking:rookie-board-2027]]',
        'Inline [[ranking:inline-one]] is dropped.',
        '[[ranking:Not A Shortname]]',
        '<div data-ranking="forged"></div>',
      ].join('\n\n'),
    );
    expect(html.match(/<div data-ranking="[^"]*"><\/div>/g)).toEqual([
      '<div data-ranking="rookie-board-2027"></div>',
    ]);
    expect(html).not.toContain('inline-one');
    expect(html).not.toContain('forged');
  });
});
