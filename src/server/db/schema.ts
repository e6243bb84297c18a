import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// The tables as the SQL migrations create them; migrations/*.sql are the source of truth.
// The generated `search` tsvector columns are left out so that plain selects never fetch them;
// search queries name them in SQL.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  twitter: text('twitter').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  isContributor: boolean('is_contributor').notNull().default(false),
  isSuperUser: boolean('is_super_user').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** MFL drafts of the user's leagues may feed Rookie ADP (asked on MFL's log-in form; migration 0041). */
  shareMflDrafts: boolean('share_mfl_drafts').notNull().default(false),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

/** Password-reset links: the SHA-256 of each link's token, single use, short-lived (migration 0070). */
export const passwordResets = pgTable('password_resets', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});
/** League connections kept on site accounts (migration 0060, decision 022). */
export const leagueConnections = pgTable(
  'league_connections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    accountHash: text('account_hash').notNull(),
    label: text('label').notNull(),
    keyId: text('key_id').notNull(),
    credential: text('credential').notNull(),
    active: boolean('active').notNull().default(true),
    sessionEnded: boolean('session_ended').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    unique('league_connections_user_id_service_account_hash_key').on(t.userId, t.service, t.accountHash),
    index('league_connections_key_idx').on(t.keyId),
  ],
);

export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  shortname: text('shortname').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  body: text('body').notNull().default(''),
  bodyHtml: text('body_html').notNull().default(''),
  image: text('image').notNull().default(''),
  date: ts('date').notNull().defaultNow(),
  tags: text('tags').array().notNull().default(sql`'{}'`),
  contributorId: integer('contributor_id').references(() => users.id, { onDelete: 'set null' }),
  isVisible: boolean('is_visible').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  shortname: text('shortname').notNull().unique(),
  name: text('name').notNull(),
  position: text('position').notNull().default(''),
  school: text('school').notNull().default(''),
  year: integer('year'),
  height: text('height').notNull().default(''),
  weight: text('weight').notNull().default(''),
  image: text('image').notNull().default(''),
  date: ts('date').notNull().defaultNow(),
  description: text('description').notNull().default(''),
  body: text('body').notNull().default(''),
  bodyHtml: text('body_html').notNull().default(''),
  contributorId: integer('contributor_id').references(() => users.id, { onDelete: 'set null' }),
  isVisible: boolean('is_visible').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Writers' rankings (migration 0100, decision 037): content like articles, with ordered players. */
export const rankings = pgTable('rankings', {
  id: serial('id').primaryKey(),
  shortname: text('shortname').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind').notNull(),
  position: text('position').notNull().default(''),
  qbFormat: text('qb_format').notNull(),
  ppr: boolean('ppr').notNull().default(true),
  tePremium: boolean('te_premium').notNull().default(false),
  date: ts('date').notNull().defaultNow(),
  contributorId: integer('contributor_id').references(() => users.id, { onDelete: 'set null' }),
  isVisible: boolean('is_visible').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  playerNames: text('player_names').notNull().default(''),
});

export const rankingEntries = pgTable(
  'ranking_entries',
  {
    rankingId: integer('ranking_id')
      .notNull()
      .references(() => rankings.id, { onDelete: 'cascade' }),
    rank: smallint('rank').notNull(),
    playerId: text('player_id').notNull(),
    mflId: text('mfl_id'),
    sleeperId: text('sleeper_id'),
    name: text('name').notNull(),
    position: text('position').notNull().default(''),
    team: text('team').notNull().default(''),
    tier: smallint('tier').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.rankingId, t.rank] }), unique().on(t.rankingId, t.playerId)],
);

export const rankingVersions = pgTable(
  'ranking_versions',
  {
    id: serial('id').primaryKey(),
    rankingId: integer('ranking_id')
      .notNull()
      .references(() => rankings.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    savedAt: ts('saved_at').notNull().defaultNow(),
    title: text('title').notNull(),
    entries: jsonb('entries').notNull(),
    changes: text('changes').array().notNull().default(sql`'{}'`),
  },
  (t) => [unique().on(t.rankingId, t.number)],
);

// The rookie ADP store's tables.
export * from './schema-adp.ts';
