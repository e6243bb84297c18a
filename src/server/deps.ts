import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { PageRenderer } from '#common/page-render.ts';
import type { AdpBackground } from '#server/adp-data/background.ts';
import type { PlayerAdp } from './adp-data/player-adp-lookup.ts';
import type { Cache } from './cache.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { HttpTimeouts } from './http/timeouts.ts';
import type { MflSharingHooks } from './leagues/connect/kit.ts';
import type { ConnectionKeys } from './leagues/connection-keys.ts';
import type { Egress } from './leagues/egress.ts';
import type { LeagueServices, LeagueServicesOptions } from './leagues/services.ts';
import type { Mailer } from './mail/mailer.ts';

/** What the app is built from: every route group receives it as its plugin options. */
export interface AppDeps {
  config: Config;
  database: Database;
  cache: Cache;
  /** The Redis connection behind the cache, when there is one (shared rate limits). */
  redis?: Redis;
  /** The process's way out to the league services, which the Rookie ADP crawl's clients share with `services`. */
  egress?: Egress;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** Renders the public pages; defaults to the built one in dist/ssr (none with a clientDir of one's own). */
  pageRenderer?: PageRenderer;
  logger?: FastifyServerOptions['logger'];
  /** The connections' timeouts when they differ from HTTP_TIMEOUTS (tests of slow clients). */
  httpTimeouts?: HttpTimeouts;
  /** The MFL, Sleeper and Fleaflicker clients (pointed at the simulator in tests and the demo). */
  services: LeagueServices;
  /** The visitors' per-service limits when they differ from the defaults; background reads take a share. */
  serviceLimits?: LeagueServicesOptions['limits'];
  /** Secret for signed cookies; read from the database on start. */
  cookieSecret: string;
  /**
   * Visitors' consent to share their MFL leagues' rookie drafts (decision 017), one for the whole
   * app: the league routes ask and keep it, Rookie ADP reads it. buildApp makes it when not given.
   */
  mflSharing?: MflSharingHooks;
  /** Rookie ADP's crawl and MFL copies (buildApp makes it when not given); see backgroundWork. */
  adpBackground?: AdpBackground;
  /**
   * Start the site's background work once the server is ready: the Rookie ADP crawl and the daily
   * MFL copies, where the configuration asks for them. The runtime sets it; an app built without it
   * (the tests) runs only what its routes start.
   */
  backgroundWork?: boolean;
  /** The site's ADP of a player (the Rookie ADP pipeline's), which My week ranks free agents by. buildApp makes it when not given. */
  playerAdp?: PlayerAdp;
  /** Outgoing mail (password-reset links); buildApp makes it from SMTP_URL when not given, none without. */
  mailer?: Mailer;
  /**
   * The key ring that seals the league connections kept on site accounts (decision 022); null: none
   * are kept (everyone keeps the browser's cookies). buildApp resolves it from the config when not given.
   */
  connectionKeys?: ConnectionKeys | null;
  /**
   * The demo's accounts on the simulated services (`npm run demo` only): each connect form offers
   * to fill them in. Never set against the real services.
   */
  demoAccounts?: DemoAccounts;
}

/** Each service's connect-form fields of the demo's account, by field name. */
export type DemoAccounts = Record<string, Record<string, string>>;
