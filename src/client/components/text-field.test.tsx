// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { countAnnouncement, countState, TextAreaField, TextField } from './text-field.tsx';

/** The element with this id in the markup, as its opening tag and text (enough for these checks). */
const byId = (html: string, id: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.getElementById(id);
};

describe('the character counter', () => {
  it('warns from 90 % of the limit, then says the limit is reached, then how many are too many', () => {
    expect(countState(0, 100)).toBe('ok');
    expect(countState(89, 100)).toBe('ok');
    expect(countState(90, 100)).toBe('near');
    expect(countState(99, 100)).toBe('near');
    expect(countState(100, 100)).toBe('full');
    expect(countState(101, 100)).toBe('over');
    expect(countState(13, 15)).toBe('near');
  });

  it('announces nothing far from the limit, and in words near it', () => {
    expect(countAnnouncement(50, 100)).toBe('');
    expect(countAnnouncement(99, 100)).toBe('1 character left');
    expect(countAnnouncement(187, 200)).toBe('13 characters left');
    expect(countAnnouncement(200, 200)).toBe('Limit reached: 200 characters');
    expect(countAnnouncement(1_020, 1_000)).toBe('20 characters too many');
    expect(countAnnouncement(28, 30, 'tag')).toBe('2 tags left');
  });
});

describe('TextField and TextAreaField with a limit', () => {
  it('count under the field, as part of its description, and cap an input at the limit', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="title"
        label="Title"
        hint="A hint."
        limit={100}
        value={'x'.repeat(87)}
        onChange={() => {}}
      />,
    );
    const input = byId(html, 'title')!;
    expect(input.getAttribute('maxlength')).toBe('100');
    expect(input.getAttribute('aria-describedby')).toBe('title-hint title-count');
    const count = byId(html, 'title-count')!;
    expect(count.getAttribute('data-state')).toBe('ok');
    expect(count.querySelector('[aria-hidden]')?.textContent).toBe('87 / 100');
    expect(count.querySelector('.sr-only')?.textContent).toBe('87 of 100 characters');
    // The polite live region is there from the start (empty), so later words are announced.
    expect(html).toContain('aria-live="polite"');
  });

  it('turn to a warning near the limit, with the characters left', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="t"
        label="T"
        limit={15}
        value="@abcdefghijklm"
        onChange={() => {}}
        countOf={(v) => v.replace(/^@/, '').length}
      />,
    );
    const count = byId(html, 't-count')!;
    expect(count.getAttribute('data-state')).toBe('near');
    expect(count.querySelector('[aria-hidden]')?.textContent).toBe('13 / 15 · 2 left');
    expect(count.className).toContain('text-amber-800');
  });

  it('show the counter only from counterFrom on, for limits nobody nears', () => {
    const short = renderToStaticMarkup(
      <TextField
        id="e"
        label="E-mail"
        limit={254}
        counterFrom={203}
        value="me@example.test"
        onChange={() => {}}
      />,
    );
    expect(byId(short, 'e-count')).toBeNull();
    expect(byId(short, 'e')!.getAttribute('aria-describedby')).toBeNull();
    const long = renderToStaticMarkup(
      <TextField
        id="e"
        label="E-mail"
        limit={254}
        counterFrom={203}
        value={'a'.repeat(210)}
        onChange={() => {}}
      />,
    );
    expect(byId(long, 'e-count')!.textContent).toContain('210 / 254');
  });

  it('let a textarea go past the limit, and then say how many characters are too many', () => {
    const html = renderToStaticMarkup(
      <TextAreaField
        id="d"
        label="Description"
        limit={1_000}
        value={'y'.repeat(1_020)}
        onChange={() => {}}
      />,
    );
    const area = byId(html, 'd')!;
    expect(area.getAttribute('maxlength')).toBeNull();
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const count = byId(html, 'd-count')!;
    expect(count.getAttribute('data-state')).toBe('over');
    expect(count.querySelector('[aria-hidden]')?.textContent).toBe('1,020 / 1,000 · 20 too many');
  });

  it('keep the field error first in the description', () => {
    const html = renderToStaticMarkup(
      <TextField id="n" label="Name" error="Enter a name." limit={100} value="" onChange={() => {}} />,
    );
    expect(byId(html, 'n')!.getAttribute('aria-describedby')).toBe('n-error n-count');
    expect(byId(html, 'n')!.getAttribute('aria-invalid')).toBe('true');
  });
});
