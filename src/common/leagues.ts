import { z } from 'zod';
import { ESPN_MAX_LEAGUES, ESPN_S2, ESPN_SWID } from './espn.ts';
import { extraKinds } from './extras.ts';
import { CONNECT_LIMITS, type LeagueType, leagueTypes } from './league-types.ts';
import { rowIdText, text } from './text.ts';

export { CONNECT_LIMITS, type LeagueType, leagueTypeLabel, leagueTypes } from './league-types.ts';

/** A league as GET /api/{service}/leagues lists it, the same shape for every service. */
export const leagueSchema = z.object({
  league_id: z.string().min(1).max(64),
  name: z.string().max(200),
  url: z.string().max(500),
  type: z.enum(leagueTypes),
  franchise_id: z.string().max(16).optional(),
  team_id: z.string().max(32).optional(),
  /** The saved league account the league came from (signed-in users; decision 022), and its label. */
  account: z.string().max(12).optional(),
  account_label: z.string().max(200).optional(),
});
export type League = z.infer<typeof leagueSchema>;

/** A saved league account's id, as league references carry it. */
export const accountIdSchema = z.string().regex(/^\d{1,10}$/, 'Not a league account id.');
/** Each league reference may name the saved account it came from; without one, the service's first. */
const fromAccount = { account: accountIdSchema.optional() };

export const mflLoginSchema = z.object({
  username: text().trim().min(1).max(CONNECT_LIMITS.username),
  password: text().min(1).max(CONNECT_LIMITS.password),
  /**
   * The visitor's leagues' rookie drafts (picks only) may feed the site's Rookie ADP: asked on the
   * log-in form, off unless ticked.
   */
  shareDrafts: z.boolean().optional(),
});

/** POST /api/mfl/sharing: stop sharing (the only change asked outside the log-in form). */
export const mflSharingSchema = z.object({ share: z.literal(false) });
export const mflSharingAnswerSchema = z.object({
  sharesDrafts: z.literal(false),
  /** Drafts deleted from the store: those of the visitor's leagues that no one else shares. */
  removedDrafts: z.number().int(),
});
export const sleeperConnectSchema = z.object({
  username: text().trim().min(1).max(CONNECT_LIMITS.username),
});
export const fleaConnectSchema = z.object({
  email: text()
    .trim()
    .email('Enter the e-mail address of your Fleaflicker account.')
    .max(CONNECT_LIMITS.email),
});

/**
 * POST /api/espn/connect: league ids or team page addresses, and a member's two ESPN cookies for
 * private leagues (and to find the member's leagues and teams). Either a league or the cookies.
 */
export const espnConnectSchema = /* @__PURE__ */ z
  .object({
    leagues: z
      .array(text().trim().max(500))
      .max(ESPN_MAX_LEAGUES, `Add at most ${ESPN_MAX_LEAGUES} ESPN leagues at once.`)
      .default([]),
    swid: text()
      .trim()
      .regex(ESPN_SWID, 'SWID looks like {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}.')
      .optional(),
    espnS2: text().trim().regex(ESPN_S2, 'espn_s2 is a long code of letters, digits and %.').optional(),
  })
  .refine((b) => Boolean(b.swid) === Boolean(b.espnS2), {
    message: 'Give both ESPN cookies, espn_s2 and SWID, or neither.',
  })
  .refine((b) => b.leagues.length > 0 || Boolean(b.swid), {
    message: 'Add a league id, or your ESPN cookies.',
  });

/** A league as a tool's request names it: what its service needs to find the visitor's team there. */
export const mflLeagueRefSchema = z.object({
  league_id: z.string().regex(/^\d{1,10}$/),
  franchise_id: z.string().regex(/^\d{4}$/),
  url: text().max(500),
  ...fromAccount,
});
export const sleeperLeagueRefSchema = z.object({ league_id: z.string().regex(/^\d{1,30}$/), ...fromAccount });
export const fleaLeagueRefSchema = z.object({
  league_id: z.string().regex(/^\d{1,12}$/),
  team_id: z.string().regex(/^\d{1,12}$/),
  ...fromAccount,
});

export const espnLeagueRefSchema = z.object({
  league_id: z.string().regex(/^\d{1,12}$/),
  team_id: z.string().regex(/^\d{1,4}$/),
  ...fromAccount,
});

/** Each service's league reference, by service: what a league tool is sent for one of its leagues. */
export const leagueRefSchemas = {
  mfl: mflLeagueRefSchema,
  sleeper: sleeperLeagueRefSchema,
  flea: fleaLeagueRefSchema,
  espn: espnLeagueRefSchema,
} as const satisfies Record<LeagueType, z.ZodType>;

/** A saved league account in use, as the tool pages name it (never its credential). */
export const accountLabelSchema = z.object({ id: z.string(), label: z.string() });
/** The saved accounts of a service in use (signed-in users whose connections are kept on the site account). */
const inUse = { accounts: z.array(accountLabelSchema).optional() };

/** Which services the visitor has connected; the page reads this instead of the credential cookies. */
export const connectionsSchema = z.object({
  /** sharesDrafts: the visitor's MFL leagues' rookie drafts feed Rookie ADP (they said so at log-in). */
  mfl: z.object({
    connected: z.boolean(),
    sharesDrafts: z.boolean(),
    username: z.string().optional(),
    ...inUse,
  }),
  sleeper: z.object({ connected: z.boolean(), username: z.string().optional(), ...inUse }),
  flea: z.object({ connected: z.boolean(), email: z.string().optional(), ...inUse }),
  /** label: how many leagues, or the ESPN member's name. */
  espn: z.object({ connected: z.boolean(), label: z.string().optional(), ...inUse }),
  /** True when connections are kept on the signed-in user's site account rather than in this browser. */
  onAccount: z.boolean().optional(),
});
export type Connections = z.infer<typeof connectionsSchema>;

/** A player of the merged list behind the player search (GET /api/players). */
export const leaguePlayerSchema = z.object({
  /** The MFL id, or `sleeper:<id>` / `flea:<id>` for a player only that service lists. */
  id: z.string(),
  mfl_id: z.string().optional(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  draftYear: z.number().int().optional(),
  sleeper_id: z.string().optional(),
  flea_id: z.string().optional(),
  espn_id: z.string().optional(),
});
export type LeaguePlayer = z.infer<typeof leaguePlayerSchema>;

/**
 * GET /api/players: the merged list, and `missing` ['identities'] when it lacks a service's
 * players (MFL or Sleeper down: the last list had, or Fleaflicker's own listing, stands in).
 */
export const playerListSchema = z.object({
  players: z.array(leaguePlayerSchema),
  missing: z.array(z.enum(extraKinds)),
});
export type PlayerList = z.infer<typeof playerListSchema>;

/** GET /api/players/find: the site search's look into the player list, by name. */
export const playerFindQuerySchema = z.object({ search: text().max(200) });

/**
 * `listed` is false when the server holds no player list right now, and so finds no players: a
 * search never waits for one (that takes calls to the services). `loading` says one is being built
 * in the background (at the server's start, or again once the last has lapsed): ask again shortly.
 */
export const playerFindSchema = z.object({
  players: z.array(leaguePlayerSchema),
  listed: z.boolean(),
  loading: z.boolean(),
});
export type PlayerFind = z.infer<typeof playerFindSchema>;

/** The names of the cookies a visitor's league connections are kept in (without a site account). */
export const leagueCookies = {
  mfl: 'MFL_USER_ID',
  /** The MFL username that logged in, to name the connected account. */
  mflName: 'MFL_USER_NAME',
  sleeperId: 'SLEEPER_USER_ID',
  sleeperName: 'SLEEPER_USER_NAME',
  flea: 'FLEAFLICKER_EMAIL',
  /** The ESPN connection: its leagues and teams, and the member's cookies when given (JSON). */
  espn: 'ESPN_CONNECTION',
} as const;

// --- League accounts kept on the site account (decision 022) ------------------------------------

/** A saved league account as GET /api/league-accounts lists it: never its credential. */
export const leagueAccountSchema = z.object({
  id: z.string(),
  service: z.enum(leagueTypes),
  label: z.string(),
  active: z.boolean(),
  /** MFL ended the session: the account page asks to log in again. */
  sessionEnded: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type LeagueAccount = z.infer<typeof leagueAccountSchema>;

export const leagueAccountListSchema = z.object({
  /** False when this server keeps no connections (no key configured): connections stay in the browser. */
  saving: z.boolean(),
  accounts: z.array(leagueAccountSchema),
});
export type LeagueAccountList = z.infer<typeof leagueAccountListSchema>;

export const leagueAccountParamsSchema = z.object({ id: rowIdText('Not a league account id.') });
/** POST /api/league-accounts/:id: switch an account on or off. */
export const leagueAccountUpdateSchema = z.object({ active: z.boolean() });
