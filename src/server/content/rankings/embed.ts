import { formatDate } from '#common/content-format.ts';
import { formatLabel } from '#common/ranking-format.ts';
import type { Db } from '#server/db/client.ts';
import { findRanking } from './rankings.ts';

/** How many players an article shows of an embedded ranking. */
export const EMBED_TOP = 10;

const SLOT = /<div data-ranking="([a-z0-9-]{1,80})"><\/div>/g;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An article's rendered body with each ranking slot (markdown.ts) filled with that ranking's current
 * board: its title, writer, format and first players, linking to the whole of it. A slot whose
 * ranking is hidden or gone is left out. Every value is escaped: the body was sanitised before.
 */
export async function embedRankings(db: Db, html: string): Promise<string> {
  const names = [...new Set([...html.matchAll(SLOT)].map((m) => m[1]))];
  if (names.length === 0) return html;
  const found = new Map(
    await Promise.all(names.map(async (n) => [n, await findRanking(db, n, false)] as const)),
  );
  return html.replace(SLOT, (_, name: string) => {
    const r = found.get(name);
    if (!r) return '';
    const href = `/ranking/${encodeURIComponent(r.shortname)}`;
    const by = r.contributor ? ` by ${escapeHtml(r.contributor.name)}` : '';
    const rows = r.entries
      .slice(0, EMBED_TOP)
      .map(
        (e) =>
          `<li>${escapeHtml(e.name)} <small>${escapeHtml([e.position, e.team].filter(Boolean).join(' · '))} · tier ${e.tier}</small></li>`,
      )
      .join('');
    return (
      `<aside class="ranking-embed" aria-label="Ranking: ${escapeHtml(r.title)}">` +
      `<p><strong><a href="${href}">${escapeHtml(r.title)}</a></strong><br><small>${escapeHtml(formatLabel(r))}${by} · ${formatDate(r.date)}</small></p>` +
      `<ol>${rows}</ol>` +
      `<p><a href="${href}">The whole board (${r.entries.length} players), beside the market</a></p>` +
      '</aside>'
    );
  });
}
