import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ApiAnswer,
  jsonForScript,
  PAGE_DATA_ID,
  type PageRenderer,
  type RenderedPage,
} from '#common/page-render.ts';
import { isPagePath, matchRoute, movedTo, pageRoutes } from '#common/routes.ts';
import { type Cache, createLoader } from '../cache.ts';
import { afterStart } from './after-start.ts';
import { acceptsGzip } from './encoding.ts';
import { writeMissingBrotli } from './precompress.ts';
import {
  byContentVersion,
  type CachedAnswer,
  CONTENT_TTL_MS,
  makeAnswer,
  sendAnswer,
} from './public-cache.ts';
import { isApiRequest } from './security.ts';

/** What a page's HTML head says about it, for search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page's canonical address, e.g. /article/my-title. */
  path: string;
  image?: string;
  type?: 'article' | 'profile' | 'ranking' | 'website';
  /** What the page is about, for search engines (schema.org as JSON-LD). */
  about?: About;
}

/** An article, a prospect's profile page or a ranking, as schema.org describes it. */
export interface About {
  kind: 'Article' | 'ProfilePage' | 'ItemList';
  /** The article's title, or the prospect's name. */
  name: string;
  description: string;
  /** The article's or the report's author. */
  author?: string;
  /** ISO timestamps. */
  published: string;
  modified: string;
  /** A prospect's school. */
  school?: string;
  /** A ranking's players, best first, each with the page that shows him if the site has one. */
  items?: { name: string; url?: string }[];
}

/** schema.org JSON-LD for a page: an `Article`, or a `ProfilePage` whose main entity is the `Person`. */
export function structuredData(meta: PageMeta, origin: string): Record<string, unknown> | undefined {
  const about = meta.about;
  if (!about) return undefined;
  const url = origin + meta.path;
  const image = absolute(meta.image, origin);
  const author = about.author ? { '@type': 'Person', name: about.author } : undefined;
  if (about.kind === 'ItemList')
    return {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: about.name,
      description: about.description,
      url,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      numberOfItems: about.items?.length ?? 0,
      itemListElement: (about.items ?? []).map((item, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: item.name,
        ...(item.url && { url: absolute(item.url, origin) }),
      })),
      ...(author && { author }),
      datePublished: about.published,
      dateModified: about.modified,
    };
  if (about.kind === 'Article')
    return {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: about.name,
      description: about.description,
      datePublished: about.published,
      dateModified: about.modified,
      ...(author && { author }),
      ...(image && { image: [image] }),
      mainEntityOfPage: url,
    };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    dateCreated: about.published,
    dateModified: about.modified,
    ...(author && { author }),
    mainEntity: {
      '@type': 'Person',
      name: about.name,
      description: about.description,
      ...(image && { image }),
      ...(about.school && { affiliation: { '@type': 'CollegeOrUniversity', name: about.school } }),
    },
  };
}

const absolute = (image: string | undefined, origin: string) =>
  image ? (image.startsWith('http') ? image : origin + image) : undefined;

/** Finds the head tags for a page; answers undefined when the path is not its concern. */
export type PageMetaProvider = (pathname: string) => Promise<PageMeta | null | undefined>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The picture link previews show when a page has none they can draw: social sites preview no SVG.
 * 1200 x 630, the size they all crop to.
 */
export const SHARE_IMAGE = '/images/share.png';

/** A picture social sites show in a link preview: not an SVG (and so not the site's drawings). */
const previewable = (image: string) => !/\.svg(?:[?#]|$)/i.test(image);

export function headTags(meta: PageMeta, origin: string): string {
  const url = origin + meta.path;
  const own = absolute(meta.image, origin);
  const image = own && previewable(own) ? own : origin + SHARE_IMAGE;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${meta.type === 'website' || !meta.type ? 'website' : 'article'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
  if (image === origin + SHARE_IMAGE)
    tags.push(
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image:height" content="630">',
      `<meta property="og:image:alt" content="Dynasty Forge: dynasty fantasy football">`,
    );
  tags.push(`<meta name="twitter:image" content="${escapeHtml(image)}">`);
  // A page's own picture (the home hero, an article's or a prospect's) is its largest paint: asking
  // for it with the document saves waiting for the scripts and the API to name it.
  if (meta.image?.startsWith('/') && !meta.image.startsWith('//'))
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(meta.image)}" fetchpriority="high">`);
  // Data, not a script: the CSP (scripts from 'self' only) leaves it alone, and it is escaped so no
  // value can end the element.
  const about = structuredData(meta, origin);
  if (about) tags.push(`<script type="application/ld+json">${jsonForScript(about)}</script>`);
  return tags.join('\n    ');
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * For each screen file, the tags that ask the browser for its chunks together with the document,
 * from Vite's manifest. The entry's own chunks are left out: index.html preloads them already.
 * Without these the screen's code is only discovered after the entry script has run.
 */
export function screenPreloads(manifest: Manifest): Map<string, string> {
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(['index.html']);
  const tags = new Map<string, string>();
  for (const { module } of pageRoutes) {
    const chunks = [...closure([module])].filter((k) => !entry.has(k)).map((k) => manifest[k]);
    tags.set(
      module,
      [
        ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`),
        ...chunks.flatMap((c) => c.css ?? []).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ].join('\n    '),
    );
  }
  return tags;
}

/**
 * The template with the site's own stylesheets (those index.html links from /assets/) put in a
 * <style> element: the page then draws as soon as the document arrives, instead of after one more
 * request that a phone on a slow network waits for while the scripts share its bandwidth
 * (Lighthouse's mobile first paint of the home page: 2.0 s with the link, 1.3 s inline). The CSP
 * allows inline styles. A stylesheet that could end the element, or one that is missing, stays a link.
 */
export function inlineEntryStyles(template: string, dir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const path = join(dir, file);
      if (!existsSync(path)) return tag;
      const css = readFileSync(path, 'utf8');
      return /<\/style/i.test(css) ? tag : `<style>${css.trim()}</style>`;
    },
  );
}

/**
 * A rendered page's scripts asked for at low priority: the page is readable without them, so its
 * stylesheet, pictures and fonts come first, and the scripts follow (they make it interactive).
 * Pages the browser draws (admin, log-in) keep their scripts at the browser's usual priority; a
 * tool's rendered frame is readable before them too, so its scripts also come after.
 */
export function scriptsAfterContent(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

/**
 * The renderer of the client's server build (`vite build` writes it to dist/ssr beside dist/client),
 * or undefined when it is not built.
 */
export async function loadPageRenderer(dir: string): Promise<PageRenderer | undefined> {
  const entry = join(dir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const module: { renderer: PageRenderer } = await import(pathToFileURL(entry).href);
  return module.renderer;
}

/** What `registerSpa` serves the site's pages with. */
export interface SpaOptions {
  dir: string;
  /** The site's origin for absolute links (never an unchecked Host header). */
  origin: (req: FastifyRequest) => string;
  providers: PageMetaProvider[];
  siteMeta: Omit<PageMeta, 'path'>;
  /** Settings the client reads from the page (outside links). */
  clientConfig: Record<string, string>;
  /** Runs before a page's HTML is sent (cookies the page relies on). */
  beforePage?: (req: FastifyRequest, reply: FastifyReply) => void;
  /**
   * Renders pages on the server (the client's server build, dist/ssr); without it every page is
   * the empty shell the browser fills in. Given as a loader, it is loaded at the first page asked
   * for (the 1.5 MB build is not needed to start or to answer the API: decision 040).
   */
  renderer?: PageRenderer | (() => Promise<PageRenderer | undefined>);
  /** Where rendered public pages are kept, per content version, as the API's public answers are. */
  cache: Cache;
  /** Once serving, writes the brotli files a start's build left out (precompress.ts). */
  brotliAfterStart?: boolean;
}

/**
 * Serves the built client: hashed assets with long caching, and index.html for every page path
 * (history routing), with head tags filled in by the providers. Redirects and unknown paths are
 * answered here so that they work before any JavaScript runs.
 */
export async function registerSpa(app: FastifyInstance, opts: SpaOptions) {
  const build = readBuild(opts.dir);
  if (build) await serveBuiltFiles(app, opts.dir);
  if (build && opts.brotliAfterStart) brotliAfterStart(app, opts.dir);
  dropDocumentHeadersFromAssets(app);
  const pages = build && createPages(app, opts, build);
  app.setNotFoundHandler(async (req, reply) => {
    if (isApiRequest(req)) {
      return reply.status(404).send({ error: `No API route ${req.method} ${req.url.split('?')[0]}` });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send({ error: 'Not found.' });
    return answerPage(req, reply, opts, pages);
  });
}

/** Writes the missing .br files in the background once the server is ready; a close stops it. */
function brotliAfterStart(app: FastifyInstance, dir: string) {
  const stop = new AbortController();
  app.addHook('onClose', async () => stop.abort());
  afterStart(app, async () => {
    try {
      const written = await writeMissingBrotli(dir, stop.signal);
      if (written) app.log.info({ files: written }, "wrote the built client's brotli files");
    } catch (err) {
      app.log.warn({ err }, "could not write the built client's brotli files: gzip is sent instead");
    }
  });
}

/** The built client's page template and each screen's preload tags. */
interface Build {
  /** index.html with the site's own stylesheets inlined. */
  template: string;
  preloads: Map<string, string>;
}

/** The built client in `dir`, or undefined when it is not built (no index.html). */
function readBuild(dir: string): Build | undefined {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const manifestPath = join(dir, '.vite/manifest.json');
  return {
    template: inlineEntryStyles(readFileSync(indexPath, 'utf8'), dir),
    preloads: existsSync(manifestPath)
      ? screenPreloads(JSON.parse(readFileSync(manifestPath, 'utf8')))
      : new Map<string, string>(),
  };
}

/**
 * How long a browser keeps a built file. Hashed assets never change; artwork and the icon are never
 * edited in place (a new picture gets a new name), so they are kept for 180 days; anything else
 * unhashed, for an hour.
 */
function cacheControlOf(path: string, dir: string): string {
  if (path.includes(`${join(dir, 'assets')}`)) return 'public, max-age=31536000, immutable';
  const artwork = path.startsWith(join(dir, 'images')) || path.startsWith(join(dir, 'favicon.svg'));
  return artwork ? 'public, max-age=15552000' : 'public, max-age=3600';
}

/** The built files themselves (pre-compressed where the build made a .gz/.br beside them). */
async function serveBuiltFiles(app: FastifyInstance, dir: string) {
  const common = {
    index: false,
    preCompressed: true,
    decorateReply: false,
    setHeaders(res: { header: (name: string, value: string) => void }, path: string) {
      res.header('cache-control', cacheControlOf(path, dir));
    },
  } as const;
  // Each folder (assets/, images/) is one route that looks the file up when asked, rather than a
  // route per file (600 of them, each set up and compiled into the router at every start: about a
  // tenth of a CPU-second, decision 040); a missing file falls through to the not-found page as
  // before. The few files at the top (the icon) keep a route each.
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name);
  for (const folder of folders)
    await app.register(fastifyStatic, {
      ...common,
      root: join(dir, folder),
      prefix: `/${folder}/`,
      wildcard: true,
    });
  await app.register(fastifyStatic, {
    ...common,
    root: dir,
    wildcard: false,
    globIgnore: folders.map((f) => `${f}/**`),
  });
}

/** Headers that only mean something on a document. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Drops the document-only headers from the hashed scripts and styles: about 0.8 KB on each of the dozen files a first visit fetches. */
function dropDocumentHeadersFromAssets(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/')) for (const h of DOCUMENT_ONLY_HEADERS) reply.removeHeader(h);
  });
}

/**
 * Marks the renderer's own calls (a secret of this process, so no client can send it): the
 * per-address limits leave them out. Else they all count as one address, 127.0.0.1, and a client
 * asking for many pages at once (each trade address is a page) would spend the limit for every
 * reader's rendered page.
 */
const RENDER_HEADER = 'x-page-render';
const renderToken = randomUUID();
export const isPageRender = (req: FastifyRequest) => req.headers[RENDER_HEADER] === renderToken;

/**
 * A page's data is the API's own public answers, asked of the app itself (no cookie, so never a
 * reader's own), which also keeps them in the cache the API serves from.
 */
const apiOf =
  (app: FastifyInstance) =>
  async (apiPath: string): Promise<ApiAnswer> => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/${apiPath}`,
      headers: { accept: 'application/json', [RENDER_HEADER]: renderToken },
    });
    return { status: res.statusCode, body: res.body };
  };

/** The ways a page's HTML is made from the build. */
interface Pages {
  /** The page's HTML: the template with the head tags, the rendered markup and its data. */
  documentFor(head: string, page?: RenderedPage): string;
  /** The head tags of a path, and whether any provider knows it (404 when none does). */
  headFor(pathname: string, origin: string): Promise<{ head: string; found: boolean }>;
  /** A public page rendered whole; kept per content version, so a write shows at once. */
  renderedPage(
    renderer: PageRenderer,
    key: string,
    pathname: string,
    search: string,
    origin: string,
  ): Promise<CachedAnswer>;
  /**
   * The layout around a loading screen, for the pages the browser draws itself (tools, admin): it
   * holds no content, so one per route serves every reader. Empty without a renderer.
   */
  shellOf(renderer: PageRenderer, pathname: string): Promise<string>;
  /** The renderer, loaded at the first page that asks for it (a loader given) or as given. */
  renderer(): Promise<PageRenderer | undefined>;
}

function createPages(app: FastifyInstance, opts: SpaOptions, { template, preloads }: Build): Pages {
  // JSON in a non-executable script tag, escaped so no value can close the tag.
  const clientConfigTag = `<script type="application/json" id="site-config">${jsonForScript(opts.clientConfig)}</script>`;
  const { clientConfig: config } = opts;
  const load = apiOf(app);
  let rendererLoad: Promise<PageRenderer | undefined> | undefined;
  const renderer = async () => {
    const given = opts.renderer;
    if (typeof given !== 'function') return given;
    // A failed load is tried again at the next page.
    rendererLoad ??= given().catch((err) => {
      rendererLoad = undefined;
      throw err;
    });
    return rendererLoad;
  };
  const loader = createLoader(opts.cache);
  const shells = new Map<string, Promise<string>>();

  const documentFor = (head: string, page?: RenderedPage) =>
    // Replaced by functions: a `$&` in a title or an article is text, not a replacement pattern.
    template
      .replace(/<title>[^<]*<\/title>/, () => '')
      .replace('<!--app-head-->', () => `${head}\n    ${clientConfigTag}`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page?.html ?? ''}</div>` +
          (page?.data
            ? `\n    <script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(page.data)}</script>`
            : ''),
      );

  const headFor = async (pathname: string, origin: string) => {
    let meta: PageMeta | null | undefined;
    for (const provider of opts.providers) {
      meta = await provider(pathname);
      if (meta !== undefined) break;
    }
    const screen = preloads.get(matchRoute(pathname)?.route.module ?? '');
    const head = [headTags(meta ?? { ...opts.siteMeta, path: pathname }, origin), screen]
      .filter(Boolean)
      .join('\n    ');
    return { head, found: meta !== null };
  };

  const renderedPage = (
    renderer: PageRenderer,
    key: string,
    pathname: string,
    search: string,
    origin: string,
  ) =>
    loader(
      `page:${origin}:${key}`,
      CONTENT_TTL_MS,
      async () => {
        const [{ head, found }, page] = await Promise.all([
          headFor(pathname, origin),
          renderer.render({ pathname, search, config, load }),
        ]);
        const status = found ? page.status : 404;
        const html = documentFor(head, page);
        return makeAnswer(status, page.html ? scriptsAfterContent(html) : html, 'text/html; charset=utf-8');
      },
      byContentVersion,
    );

  const shellOf = (renderer: PageRenderer, pathname: string): Promise<string> => {
    const route = matchRoute(pathname)?.route.name ?? '';
    let shell = shells.get(route);
    if (!shell) {
      shell = renderer.render({ pathname, search: '', config, load }).then((p) => p.html);
      shell.catch(() => shells.delete(route));
      shells.set(route, shell);
    }
    return shell;
  };

  return { documentFor, headFor, renderedPage, shellOf, renderer };
}

/** Where an old or unknown page path goes instead: 301 to its new address, 302 home. */
function redirectOf(url: URL): { to: string; status: 301 | 302 } | undefined {
  const target = movedTo(url.pathname);
  if (target) return { to: target + url.search, status: 301 };
  if (!isPagePath(url.pathname)) return { to: '/', status: 302 };
  return undefined;
}

/** A page path: rendered whole where the renderer can, else its shell for the browser to fill in. */
async function answerPage(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: SpaOptions,
  pages: Pages | undefined,
) {
  const url = new URL(req.url, 'http://x');
  const { pathname, search } = url;
  const redirect = redirectOf(url);
  if (redirect) return reply.redirect(redirect.to, redirect.status);
  if (!pages) {
    return reply
      .status(503)
      .type('text/plain')
      .send('The client is not built yet: run `npm run build` (npm start builds it for you).');
  }
  const origin = opts.origin(req);
  opts.beforePage?.(req, reply);
  const renderer = await pages.renderer();
  const key = renderer?.pageKey(pathname, search) ?? null;
  if (renderer && key !== null) {
    try {
      return sendAnswer(req, reply, await pages.renderedPage(renderer, key, pathname, search, origin));
    } catch (err) {
      // The data could not be read (the database is down): the page the browser fills in, which
      // shows the failure and lets the reader try again.
      req.log.error({ err, pathname }, 'The page could not be rendered');
    }
  }
  const { head, found } = await pages.headFor(pathname, origin);
  const shell = renderer && key === null ? await pages.shellOf(renderer, pathname).catch(() => '') : '';
  return sendDocument(req, reply, pages.documentFor(head, { html: shell, status: 200 }), found ? 200 : 404);
}

/** A page's HTML, never kept by the browser without asking again, gzipped when the browser takes it. */
function sendDocument(req: FastifyRequest, reply: FastifyReply, html: string, status: number) {
  reply
    .status(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  // A few KB, gzipped in well under a millisecond; it saves a round trip on a slow phone link.
  if (!acceptsGzip(req)) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
}
