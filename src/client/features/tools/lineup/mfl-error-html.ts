import type { IOptions } from 'sanitize-html';

/*
 * MFL words its refusals as HTML now and then (bold names, a link to the rules). They are shown as
 * HTML, but only after sanitizing: simple inline markup survives, scripts, handlers, styles and
 * non-web links do not.
 */
const options: IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'ul', 'ol', 'li', 'code', 'a'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Safe HTML for MFL's error text; sanitize-html loads only when there is an error to show. */
export async function mflErrorHtml(text: string): Promise<string> {
  const { default: sanitizeHtml } = await import('sanitize-html');
  return sanitizeHtml(text, {
    ...options,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  });
}
