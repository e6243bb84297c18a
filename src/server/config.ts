import { z } from 'zod';
import { SITE_NAME } from '#common/site.ts';
import { AUTH_ATTEMPTS_PER_MINUTE } from '#common/users.ts';
import pkg from '#package.json' with { type: 'json' };
import { parseTrustProxy } from './http/trust-proxy.ts';
import { isConnectionKey } from './leagues/connection-keys.ts';

/** A User-Agent value: printable ASCII, as HTTP headers allow; empty counts as unset. */
const userAgent = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .trim()
    .max(200)
    .regex(/^[\x20-\x7e]+$/, 'printable ASCII only')
    .optional(),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    /** Free space (MB) the embedded database's disk must keep; below it, writes are refused with 507. */
    DISK_RESERVE_MB: z.coerce.number().int().min(0).max(1_000_000).default(32),
    REDIS_URL: z.string().url().optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,40}$/)
      .default('dyn:'),
    SESSION_SECRET: z.string().min(32).optional(),
    /**
     * The key that encrypts the league connections kept on site accounts (decision 022): 32 random
     * bytes in base64 (`openssl rand -base64 32`), the same in every server process.
     */
    CONNECTIONS_KEY: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .trim()
        .refine(isConnectionKey, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
        .optional(),
    ),
    /** Keys CONNECTIONS_KEY replaced, comma-separated: still read, and rows under them are re-encrypted on start. */
    CONNECTIONS_OLD_KEYS: z
      .string()
      .default('')
      .refine(
        (v) =>
          v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
            .every(isConnectionKey),
        'each key must be 32 random bytes in base64',
      ),
    PUBLIC_URL: z.string().url().optional(),
    /** How the site names itself to every league service; default DynastyForge/<version> (+PUBLIC_URL). */
    USER_AGENT: userAgent,
    /** MFL only: the User-Agent registered with MFL as an API client (higher limits); default USER_AGENT. */
    MFL_USER_AGENT: userAgent,
    MFL_API_URL: z.string().url().default('https://api.myfantasyleague.com'),
    SLEEPER_API_URL: z.string().url().default('https://api.sleeper.app/v1'),
    FLEA_API_URL: z.string().url().default('https://www.fleaflicker.com/api'),
    /** ESPN's fantasy read API, and its fan API that lists a member's leagues. */
    ESPN_API_URL: z.string().url().default('https://lm-api-reads.fantasy.espn.com'),
    ESPN_FAN_API_URL: z.string().url().default('https://fan.api.espn.com'),
    ADMIN_EMAIL: z.string().email().default('admin@dynasty.local'),
    /** Checked at start like any new password (length, the leaked list, the e-mail, zxcvbn's strength). */
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SHOP_URL: z.string().url().default('https://shop.dynastyfootball.example'),
    SOCIAL_FEED_URL: z.string().url().default('https://x.com/dynastyfootball'),
    SEED_DEMO: z.enum(['0', '1']).default('1'),
    /**
     * Set by scripts/start.mjs on a start that builds the client: the process building it. The
     * server opens its database meanwhile and serves once that build has written its stamp.
     */
    CLIENT_BUILD_PID: z.coerce.number().int().positive().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The share of requests whose two lines ("incoming request", "request completed") are logged:
     * writing every one cost 20–54 % of throughput under load. Errors and warnings are always logged.
     */
    LOG_REQUESTS: z.coerce.number().min(0).max(1).default(0),
    /**
     * Which proxies may speak for the client (X-Forwarded-For/-Proto/-Host): a number of hops in front
     * of the server, or a comma-separated list of their addresses, CIDR ranges or proxy-addr's range
     * names; "everyone" only in those words. Read strictly (http/trust-proxy.ts): trusting every hop
     * would let a client pick its own address and escape the per-address limits.
     */
    TRUST_PROXY: z
      .string()
      .default('0')
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.trustProxy;
      }),
    /**
     * IPv6 clients are counted per network of this many leading bits (a /64 is one household, phone
     * or server, which can rotate through all of it) by every per-address limit and the league
     * queues' fairness; 128 counts each address alone. IPv4 clients are always one address each.
     */
    CLIENT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
    /** Host names (with port when not 80/443) the site answers under; the first is the canonical one when PUBLIC_URL is unset. */
    ALLOWED_HOSTS: z.string().default(''),
    /** Log-in, sign-up and password-change attempts per client address a minute (test servers raise it). */
    AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(AUTH_ATTEMPTS_PER_MINUTE),
    /**
     * Outgoing mail (password-reset links): an SMTP URL as nodemailer reads it,
     * smtp://user:pass@host:587 or smtps://…:465; unset, the site sends no mail.
     */
    SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
    /** The From of the site's mail; default the site's name at no-reply@ the PUBLIC_URL's host (or localhost). */
    MAIL_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(3).max(200).optional()),
    /** Where people may write to the site's administrators: "Forgot password" shows it when the site sends no mail. */
    CONTACT_EMAIL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.email('CONTACT_EMAIL must be an e-mail address.').max(254).optional(),
    ),
    /** Bearer token for /metrics; without it /metrics answers local, unproxied connections only. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** Leagues whose rookie drafts feed the ADP store: "12345" (MFL) or "sleeper:<id>", comma-separated. */
    ADP_LEAGUE_IDS: z.string().default(''),
    /** How often those leagues are read again for new picks; 0 turns the refresh off. */
    ADP_REFRESH_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
    /** The Sleeper user walk (public leagues through Sleeper's public API): on unless 0 (off by default in tests). */
    ADP_SLEEPER_WALK: z.enum(['0', '1']).optional(),
    /**
     * MFL's league search and the reading of the leagues it finds: off unless 1. MFL's API terms forbid
     * harvesting league data, so only a deployment with MFL's written permission may turn it on.
     */
    ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: z.enum(['0', '1']).default('0'),
    /**
     * Before the split: both the MFL search and the Sleeper walk. Still read: 0 turns the Sleeper walk
     * off, 1 turns it on (when ADP_SLEEPER_WALK is unset); it never turns the MFL search on.
     */
    ADP_DISCOVERY: z.enum(['0', '1']).optional(),
    /** MFL league-search terms, comma-separated (at least 3 characters each); used only by the MFL search. */
    ADP_SEARCH_TERMS: z.string().default('dynasty,rookie,devy,superflex,keeper,startup,2qb,idp'),
    /**
     * Sleeper usernames or user ids to start the user walk from, comma-separated. Unset: public
     * accounts built in (on Sleeper's own API only); empty: none, only configured and visitors' leagues.
     */
    ADP_SLEEPER_USERS: z.string().optional(),
    /** Share of each service's rate limit that background reads may use. */
    ADP_BACKGROUND_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
    /** Requests per service in one discovery run. */
    ADP_RUN_REQUESTS: z.coerce.number().int().min(10).max(1_000_000).default(1500),
    /** Minutes between discovery runs once the frontier is drained. */
    ADP_RUN_MINUTES: z.coerce.number().min(0.01).max(10_080).default(10),
    /**
     * Seconds MFL's own ADP may take before its last good answer stands in; with none kept, the site
     * waits five times as long before saying MFL is slow.
     */
    ADP_MFL_WAIT_SECONDS: z.coerce.number().min(0.05).max(60).default(4),
    /**
     * The daily copy of MFL's own ADP (9 calls a day) behind MFL's trends and month-by-month ADP
     * (decision 025): on unless 0 (off by default in tests).
     */
    ADP_MFL_COPIES: z.enum(['0', '1']).optional(),
    /**
     * Read the completed trades of the leagues that feed ADP, in the background (decision 035): on
     * unless 0 (off by default in tests).
     */
    LEAGUE_TRADES: z.enum(['0', '1']).optional(),
    OPTIMIZE_FOR_SIZE: z.enum(['0', '1']).optional(),
    /**
     * Build the NFL player list (calls to MFL, Sleeper and Fleaflicker) in the background at start,
     * so the site search finds players from the first visit: on unless 0 (off by default in tests).
     */
    PLAYER_LIST_AT_START: z.enum(['0', '1']).optional(),
    /**
     * The job that fits market values from the stored trades (decision 036), every format, when new
     * trades came or a day passed: on unless 0 (off by default in tests).
     */
    VALUES_JOB: z.enum(['0', '1']).optional(),
    /** Newly read trades refit the values at most this often (a run at 100,000 trades is minutes of CPU). */
    VALUES_REFIT_MINUTES: z.coerce.number().min(1).max(1440).default(60),
  })
  .superRefine((e, ctx) => {
    if (e.CONNECTIONS_OLD_KEYS.trim() && !e.CONNECTIONS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['CONNECTIONS_OLD_KEYS'],
        message: 'is set without CONNECTIONS_KEY: set the current key too, or leave both unset',
      });
  });

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; an invalid value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const agent = e.USER_AGENT ?? defaultUserAgent(e.PUBLIC_URL);
  // ADP_DISCOVERY, from before the split, still speaks for the Sleeper walk (never for MFL's search).
  const sleeperWalk = e.ADP_SLEEPER_WALK ?? e.ADP_DISCOVERY;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    diskReserveBytes: e.DISK_RESERVE_MB * 1024 * 1024,
    redisUrl: e.REDIS_URL,
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET,
    /** The league connections' current key and the older ones still read (decision 022). */
    connectionsKey: e.CONNECTIONS_KEY,
    connectionsOldKeys: e.CONNECTIONS_OLD_KEYS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL,
    mflApiUrl: e.MFL_API_URL.replace(/\/$/, ''),
    sleeperApiUrl: e.SLEEPER_API_URL.replace(/\/$/, ''),
    fleaApiUrl: e.FLEA_API_URL.replace(/\/$/, ''),
    espnApiUrl: e.ESPN_API_URL.replace(/\/$/, ''),
    espnFanApiUrl: e.ESPN_FAN_API_URL.replace(/\/$/, ''),
    /** The User-Agent of every call to Sleeper and Fleaflicker, and to MFL unless mflUserAgent differs. */
    userAgent: agent,
    mflUserAgent: e.MFL_USER_AGENT ?? agent,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    shopUrl: e.SHOP_URL,
    socialFeedUrl: e.SOCIAL_FEED_URL,
    seedDemo: e.SEED_DEMO === '1',
    clientBuildPid: e.CLIENT_BUILD_PID,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    trustProxy: e.TRUST_PROXY,
    clientIpv6Prefix: e.CLIENT_IPV6_PREFIX,
    allowedHosts: e.ALLOWED_HOSTS.split(/[\s,]+/)
      .filter(Boolean)
      .map((h) => h.toLowerCase()),
    authAttemptsPerMinute: e.AUTH_ATTEMPTS_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    contactEmail: e.CONTACT_EMAIL,
    mailFrom:
      e.MAIL_FROM ?? `${SITE_NAME} <no-reply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
    adpLeagueIds: e.ADP_LEAGUE_IDS.split(/[\s,]+/).filter(Boolean),
    adpRefreshMinutes: e.ADP_REFRESH_MINUTES,
    /** Walk Sleeper's user graph for public dynasty leagues. */
    adpSleeperWalk: sleeperWalk ? sleeperWalk === '1' : e.NODE_ENV !== 'test',
    /** Search MFL for leagues and read the ones found: only with MFL's written permission. */
    adpMflLeagueSearch: e.ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION === '1',
    adpSearchTerms: e.ADP_SEARCH_TERMS.split(',')
      .map((t) => t.trim())
      .filter((t) => t.length >= 3),
    /** Undefined when not set: the crawl then starts from its built-in users (see sleeper-seed.ts). */
    adpSleeperUsers: e.ADP_SLEEPER_USERS?.split(/[\s,]+/).filter(Boolean),
    adpBackgroundShare: e.ADP_BACKGROUND_SHARE,
    adpRunRequests: e.ADP_RUN_REQUESTS,
    adpRunMinutes: e.ADP_RUN_MINUTES,
    adpMflWaitMs: e.ADP_MFL_WAIT_SECONDS * 1000,
    /** Keep a daily copy of MFL's own ADP (decision 025). */
    adpMflCopies: e.ADP_MFL_COPIES ? e.ADP_MFL_COPIES === '1' : e.NODE_ENV !== 'test',
    /** Read the completed trades of the leagues that feed ADP (decision 035). */
    leagueTrades: e.LEAGUE_TRADES ? e.LEAGUE_TRADES === '1' : e.NODE_ENV !== 'test',
    /** Once serving, V8 favours a small heap over speed (decision 040). */
    optimizeForSize: e.OPTIMIZE_FOR_SIZE !== '0',
    /** Load the NFL player list at start, for the site search. */
    playersAtStart: e.PLAYER_LIST_AT_START ? e.PLAYER_LIST_AT_START === '1' : e.NODE_ENV !== 'test',
    /** Fit market values from the stored trades in the background (decision 036). */
    valuesJob: e.VALUES_JOB ? e.VALUES_JOB === '1' : e.NODE_ENV !== 'test',
    valuesRefitMs: e.VALUES_REFIT_MINUTES * 60_000,
    /** What start-up tells the operator about these settings. */
    notices: configNotices(e),
  };
}

/** The site's version, as package.json names it. */
export const SITE_VERSION: string = pkg.version;

/**
 * How the site names itself to the league services when USER_AGENT is unset: its name and version,
 * and its public address when it has one (so a service's operator can find who is calling).
 */
export function defaultUserAgent(publicUrl?: string): string {
  const base = `DynastyForge/${SITE_VERSION}`;
  return publicUrl ? `${base} (+${publicUrl.replace(/\/+$/, '')})` : base;
}

/** What start-up should tell the operator about the settings (old names still read, and so on). */
function configNotices(env: { ADP_DISCOVERY?: string; ADP_SLEEPER_WALK?: string }): string[] {
  const notices: string[] = [];
  if (env.ADP_DISCOVERY !== undefined) {
    notices.push(
      env.ADP_SLEEPER_WALK
        ? 'ADP_DISCOVERY is ignored: ADP_SLEEPER_WALK is set. The MFL league search is ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION now.'
        : `ADP_DISCOVERY=${env.ADP_DISCOVERY} is read as ADP_SLEEPER_WALK=${env.ADP_DISCOVERY}; rename it. It no longer turns on MFL's league search, which only ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION=1 does (only with MFL's written permission).`,
    );
  }
  return notices;
}
