import type { FastifyRequest } from 'fastify';

const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/**
 * The site's own origin for absolute links (canonical, og:url, RSS, sitemap, robots.txt). The Host
 * header is the visitor's to choose, so it is never copied blindly: PUBLIC_URL when set; else the
 * request's host when it is in ALLOWED_HOSTS (or a loopback name, for a local run); else the first
 * allowed host, or localhost.
 */
/** Where the site is reached, as the configuration says (PUBLIC_URL, ALLOWED_HOSTS, PORT). */
export interface SiteAddress {
  publicUrl?: string;
  allowedHosts: readonly string[];
  port: number;
}

export function siteOrigin(config: SiteAddress) {
  const fixed = config.publicUrl?.replace(/\/$/, '');
  return (req: FastifyRequest): string => {
    if (fixed) return fixed;
    const host = req.host.toLowerCase();
    if (config.allowedHosts.includes(host) || loopback.test(host)) return `${req.protocol}://${host}`;
    const first = config.allowedHosts[0];
    return first ? `${req.protocol}://${first}` : `http://localhost:${config.port}`;
  };
}
