import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// The rookie ADP store as migrations/0010_rookie_adp.sql, 0030_adp_discovery.sql and 0041_mfl_draft_consent.sql
// create it (the SQL is the source of truth).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const rookieAdpLeagues = pgTable(
  'rookie_adp_leagues',
  {
    service: text('service').notNull(),
    leagueId: text('league_id').notNull(),
    url: text('url'),
    configured: boolean('configured').notNull().default(false),
    drafts: integer('drafts').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: ts('last_attempt_at'),
    lastSuccessAt: ts('last_success_at'),
    retryAt: ts('retry_at'),
    source: text('source').notNull().default('visitor'),
    name: text('name'),
    skipReason: text('skip_reason'),
    draftState: text('draft_state'),
    nextReadAt: ts('next_read_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    usersListedAt: ts('users_listed_at'),
    foundAt: ts('found_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.service, t.leagueId] })],
);

/** Who shared a league's rookie drafts: a keyed hash per consenting visitor, never their id. */
export const rookieAdpContributions = pgTable(
  'rookie_adp_contributions',
  {
    service: text('service').notNull(),
    leagueId: text('league_id').notNull(),
    contributor: text('contributor').notNull(),
    contributedAt: ts('contributed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.service, t.leagueId, t.contributor] })],
);

export const rookieAdpPlayers = pgTable(
  'rookie_adp_players',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    playerKey: text('player_key').notNull(),
    name: text('name').notNull(),
    position: text('position').notNull(),
  },
  (t) => [unique().on(t.service, t.playerKey)],
);

export const rookieAdpDrafts = pgTable(
  'rookie_adp_drafts',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    draftKey: text('draft_key').notNull(),
    leagueId: text('league_id').notNull(),
    season: integer('season').notNull(),
    size: smallint('size').notNull(),
    qbFormat: text('qb_format').notNull(),
    idp: boolean('idp').notNull(),
    ppr: boolean('ppr').notNull(),
    startedAt: ts('started_at').notNull(),
    pickCount: integer('pick_count').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.service, t.draftKey),
    index('rookie_adp_drafts_league_idx').on(t.service, t.leagueId),
  ],
);

export const rookieAdpPicks = pgTable(
  'rookie_adp_picks',
  {
    draftId: integer('draft_id')
      .notNull()
      .references(() => rookieAdpDrafts.id, { onDelete: 'cascade' }),
    overall: smallint('overall').notNull(),
    playerId: integer('player_id').notNull(),
    pickedAt: ts('picked_at').notNull(),
    service: text('service').notNull(),
    startedAt: ts('started_at').notNull(),
    size: smallint('size').notNull(),
    qbFormat: text('qb_format').notNull(),
    idp: boolean('idp').notNull(),
    ppr: boolean('ppr').notNull(),
  },
  (t) => [primaryKey({ columns: [t.draftId, t.overall] })],
);

export const rookieAdpMonths = pgTable(
  'rookie_adp_months',
  {
    service: text('service').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    size: smallint('size').notNull(),
    qbFormat: text('qb_format').notNull(),
    idp: boolean('idp').notNull(),
    ppr: boolean('ppr').notNull(),
    playerId: integer('player_id').notNull(),
    picks: integer('picks').notNull(),
    pickSum: integer('pick_sum').notNull(),
    minPick: smallint('min_pick').notNull(),
    maxPick: smallint('max_pick').notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.month, t.size, t.qbFormat, t.idp, t.ppr, t.playerId] })],
);
