import type { FastifyInstance, FastifyRequest } from 'fastify';

/** /robots.txt: everything public may be crawled; the admin panel and the API are left out. */
export async function robotsRoutes(app: FastifyInstance, opts: { origin: (req: FastifyRequest) => string }) {
  app.get('/robots.txt', async (req, reply) => {
    // The sitemap has to be named by its absolute address.
    const origin = opts.origin(req);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join(
          '\n',
        ),
      );
  });
}
