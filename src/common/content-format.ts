/** Content constants and text rules shared by the server and the pages; no dependencies. */

/** How many items the home page, the public lists and the admin lists show a page. */
export const HOME_COUNT = 6;
export const LIST_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_HOME_COUNT = 10;
export const PREVIEW_LENGTH = 100;
export const MAX_PAGE_SIZE = 100;
/** The longest search term. */
export const SEARCH_MAX = 200;

/** YYYY-MM-DD (UTC, so the server and every visitor show the same day). */
export function formatDate(date: string | Date): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

/** A line `[[video:URL]]` in a body embeds a YouTube or Vimeo video. */
export const VIDEO_MARKER = /\[\[video:([^\]\s]+)\]\]/g;

/** Cuts text to max characters and adds an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** Markdown to plain text, good enough for previews and descriptions (no parser in the page bundle). */
export function markdownToText(markdown: string): string {
  return (
    markdown
      .replace(VIDEO_MARKER, ' ')
      .replace(/```[^\n]*\n?/g, ' ')
      // Headings are structure, not prose: a preview reads better without them.
      .replace(/^\s{0,3}#{1,6}\s.*$/gm, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s*([-*_]\s*){3,}$/gm, ' ')
      .replace(/^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
      .replace(/\|/g, ' ')
      .replace(/^\s{0,3}(>+|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^*_~`]*?\S)\1/g, '$2')
      .replace(/[`*]/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The tile preview: video markers removed, markdown as text, cut to 100 characters + '…'. */
export const previewText = (body: string, max = PREVIEW_LENGTH) => truncate(markdownToText(body), max);

/**
 * The header of a search hit: an article's whole title (the page clamps it to whole lines, so it is
 * never cut mid-word: decision 031); a profile's "name, position, school".
 */
export function searchHeader(
  hit:
    | { type: 'article' | 'ranking'; title: string }
    | { type: 'profile'; name: string; position: string; school: string },
): string {
  if (hit.type !== 'profile') return hit.title;
  return [hit.name, hit.position, hit.school].filter(Boolean).join(', ');
}

/** A prospect's height as the profile form offers it: whole feet and inches. */
export const HEIGHT_FEET = { min: 4, max: 7 } as const;
/** A prospect's weight in whole pounds. */
export const WEIGHT_POUNDS = { min: 100, max: 450 } as const;

/** Feet and inches as stored and shown: 6'1". */
export const formatHeight = (feet: number, inches: number) => `${feet}'${inches}"`;

/**
 * Feet and inches out of a height as written: 6'1", 6' 1", 6-1, 6 ft 1 in. Undefined for anything
 * else, or a value out of range.
 */
export function parseHeight(text: string): { feet: number; inches: number } | undefined {
  const m = /^\s*(\d)\s*(?:'|\u2019|ft\.?|-)\s*(\d{1,2})\s*(?:"|\u201d|''|in\.?)?\s*$/i.exec(text);
  if (!m) return undefined;
  const feet = Number(m[1]);
  const inches = Number(m[2]);
  if (feet < HEIGHT_FEET.min || feet > HEIGHT_FEET.max || inches > 11) return undefined;
  return { feet, inches };
}

/** Whole pounds out of a weight as written (215, 215 lb, 215 lbs); undefined for anything else. */
export function parseWeight(text: string): number | undefined {
  const m = /^\s*(\d{1,4})\s*(?:lbs?\.?)?\s*$/i.exec(text);
  const pounds = m ? Number(m[1]) : Number.NaN;
  return pounds >= WEIGHT_POUNDS.min && pounds <= WEIGHT_POUNDS.max ? pounds : undefined;
}

/** A stored weight as shown: "215 lb"; one saved before weights were checked, as it was written. */
export function formatWeight(stored: string): string {
  if (stored.trim() === '') return '';
  const pounds = parseWeight(stored);
  return pounds === undefined ? stored : `${pounds} lb`;
}
