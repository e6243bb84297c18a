import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/)
    .default('dyn:'),
  SESSION_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  MFL_API_URL: z.string().url().default('https://api.myfantasyleague.com'),
  SLEEPER_API_URL: z.string().url().default('https://api.sleeper.app/v1'),
  FLEA_API_URL: z.string().url().default('https://www.fleaflicker.com/api'),
  ADMIN_EMAIL: z.string().email().default('admin@dynasty.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SHOP_URL: z.string().url().default('https://shop.dynastyfootball.example'),
  SOCIAL_FEED_URL: z.string().url().default('https://x.com/dynastyfootball'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** Leagues whose rookie drafts feed the ADP store: "12345" (MFL) or "sleeper:<id>", comma-separated. */
  ADP_LEAGUE_IDS: z.string().default(''),
  /** How often those leagues are read again for new picks; 0 turns the refresh off. */
  ADP_REFRESH_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL,
    mflApiUrl: e.MFL_API_URL.replace(/\/$/, ''),
    sleeperApiUrl: e.SLEEPER_API_URL.replace(/\/$/, ''),
    fleaApiUrl: e.FLEA_API_URL.replace(/\/$/, ''),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    shopUrl: e.SHOP_URL,
    socialFeedUrl: e.SOCIAL_FEED_URL,
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
    adpLeagueIds: e.ADP_LEAGUE_IDS.split(/[\s,]+/).filter(Boolean),
    adpRefreshMinutes: e.ADP_REFRESH_MINUTES,
  };
}
