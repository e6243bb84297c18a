import { randomBytes } from 'node:crypto';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { VIDEO_MARKER } from '#common/content.ts';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => !['main', 'nav', 'header', 'footer'].includes(t)),
    'img',
    'del',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image without words for what it shows says nothing to a screen reader: it is left out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.alt?.trim(),
  transformTags: {
    // The page's own title is the only h1.
    h1: 'h2',
    a: (tagName, { rel: _, ...attribs }) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'nofollow noopener noreferrer' }
        : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** The privacy-enhanced player address for a YouTube or Vimeo link, or undefined for anything else. */
export function videoEmbedUrl(raw: string): { src: string; title: string } | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const youtubeId = /^[A-Za-z0-9_-]{11}$/;
  let id: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? (url.searchParams.get('v') ?? undefined)
        : /^\/(embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[2];
  } else if (host === 'youtu.be') {
    id = url.pathname.slice(1);
  }
  if (id && youtubeId.test(id)) {
    const start = Number.parseInt(url.searchParams.get('t') ?? url.searchParams.get('start') ?? '', 10);
    const query = Number.isFinite(start) && start > 0 ? `?start=${start}` : '';
    return { src: `https://www.youtube-nocookie.com/embed/${id}${query}`, title: 'YouTube video' };
  }
  const vimeo =
    host === 'vimeo.com'
      ? /^\/(\d{1,12})\/?$/.exec(url.pathname)
      : host === 'player.vimeo.com'
        ? /^\/video\/(\d{1,12})\/?$/.exec(url.pathname)
        : null;
  if (vimeo) return { src: `https://player.vimeo.com/video/${vimeo[1]}?dnt=1`, title: 'Vimeo video' };
  return undefined;
}

const embedHtml = ({ src, title }: { src: string; title: string }) =>
  `<div class="video-embed"><iframe src="${src}" title="${title}" loading="lazy" ` +
  `allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" ` +
  `referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe></div>`;

/** A line holding only `[[ranking:shortname]]`: the ranking is drawn there when the article is read. */
const RANKING_LINE = /^\s*\[\[ranking:([a-z0-9-]{1,80})\]\]\s*$/;
const RANKING_MARKER = /\[\[ranking:[^\]]*\]\]/g;

/** Where an article's body shows a ranking; server/content/rankings/embed.ts fills it in on read. */
export const rankingSlot = (shortname: string) => `<div data-ranking="${shortname}"></div>`;

/**
 * Markdown to safe HTML, done once on save. A line holding only `[[video:URL]]` becomes a
 * privacy-enhanced, lazily loaded player; other markers and raw iframes are dropped. Our embeds go in
 * after sanitising (through a per-render placeholder), so no author-written iframe ever passes. A
 * line holding only `[[ranking:shortname]]` becomes a slot the ranking's current board fills when the
 * article is read, so the article shows the board as it is now.
 */
export function renderMarkdown(body: string): string {
  const nonce = randomBytes(6).toString('hex');
  const embeds: string[] = [];
  const withPlaceholders = body
    .split(/\r?\n/)
    .map((line) => {
      const ranking = RANKING_LINE.exec(line);
      if (ranking) {
        embeds.push(rankingSlot(ranking[1]));
        return `\nvideo${nonce}x${embeds.length - 1}\n`;
      }
      const only = /^\s*\[\[video:([^\]\s]+)\]\]\s*$/.exec(line);
      if (only) {
        const video = videoEmbedUrl(only[1]);
        if (!video) return '';
        embeds.push(embedHtml(video));
        return `\nvideo${nonce}x${embeds.length - 1}\n`;
      }
      return line.replace(VIDEO_MARKER, '').replace(RANKING_MARKER, '');
    })
    .join('\n');
  const html = sanitizeHtml(marked.parse(withPlaceholders) as string, sanitizeOptions);
  return html
    .replace(new RegExp(`<p>video${nonce}x(\\d+)</p>`, 'g'), (_, i: string) => embeds[Number(i)])
    .trim();
}
