import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath, redirects } from '../../common/routes.ts';
import { ensureSessionHint } from '../accounts/session-cookie.ts';

/** What a page's HTML head says about it, for search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page's canonical address, e.g. /article/my-title. */
  path: string;
  image?: string;
  type?: 'article' | 'profile' | 'website';
}

/** Finds the head tags for a page; answers undefined when the path is not its concern. */
export type PageMetaProvider = (pathname: string) => Promise<PageMeta | null | undefined>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function headTags(meta: PageMeta, origin: string): string {
  const url = origin + meta.path;
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : origin + meta.image) : undefined;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${meta.type === 'website' || !meta.type ? 'website' : 'article'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
    tags.push(`<meta name="twitter:image" content="${escapeHtml(image)}">`);
  }
  // A page's own picture (the home hero, an article's or a prospect's) is its largest paint: asking
  // for it with the document saves waiting for the scripts and the API to name it.
  if (meta.image?.startsWith('/') && !meta.image.startsWith('//'))
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(meta.image)}" fetchpriority="high">`);
  return tags.join('\n    ');
}

/**
 * Serves the built client: hashed assets with long caching, and index.html for every page path
 * (history routing), with head tags filled in by the providers. Redirects and unknown paths are
 * answered here so that they work before any JavaScript runs.
 */
export async function registerSpa(
  app: FastifyInstance,
  opts: {
    dir: string;
    publicUrl?: string;
    providers: PageMetaProvider[];
    siteMeta: Omit<PageMeta, 'path'>;
    /** Settings the client reads from the page (outside links). */
    clientConfig: Record<string, string>;
  },
) {
  const indexPath = join(opts.dir, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.dir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(opts.dir, 'assets')}`);
        // Artwork and the icon are never edited in place (a new picture gets a new name), so they
        // are kept for 180 days; anything else unhashed, for an hour.
        const artwork =
          path.startsWith(join(opts.dir, 'images')) || path.startsWith(join(opts.dir, 'favicon.svg'));
        res.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : artwork
              ? 'public, max-age=15552000'
              : 'public, max-age=3600',
        );
      },
    });
  }
  const template = built ? readFileSync(indexPath, 'utf8') : '';
  // JSON in a non-executable script tag; '<' is escaped so no value can close the tag.
  const clientConfigTag = `<script type="application/json" id="site-config">${JSON.stringify(opts.clientConfig).replace(/</g, '\\u003c')}</script>`;

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://x');
    const pathname = url.pathname;
    const target = redirects[pathname.replace(/\/$/, '')];
    if (target) return reply.redirect(target + url.search, 301);
    if (!isPagePath(pathname)) return reply.redirect('/', 302);
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The client is not built yet: run `npm run build` (npm start builds it for you).');
    }
    const origin = opts.publicUrl ?? `${req.protocol}://${req.host}`;
    let meta: PageMeta | null | undefined;
    for (const provider of opts.providers) {
      meta = await provider(pathname);
      if (meta !== undefined) break;
    }
    const head = headTags(meta ?? { ...opts.siteMeta, path: pathname }, origin);
    ensureSessionHint(req, reply);
    const html = template
      .replace(/<title>[^<]*<\/title>/, '')
      .replace('<!--app-head-->', `${head}\n    ${clientConfigTag}`);
    return reply
      .status(meta === null ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.status(404).send({ error: `No API route ${req.method} ${req.url.split('?')[0]}` });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send({ error: 'Not found.' });
    return page(req, reply);
  });
}
