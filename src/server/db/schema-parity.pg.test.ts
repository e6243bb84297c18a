import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '#test/database.ts';
import { type Database, openDatabase } from './client.ts';
import { type Queryable, queryRows } from './query.ts';

/*
 * Decision 001's promise: the same SQL migrations make the same schema on PGlite and on PostgreSQL.
 * Most API tests run on PGlite only, so this compares what the migrations made on each, from the
 * catalogs: tables, columns (type, nullability, default, generation), indexes, constraints,
 * sequences, triggers, the site's own functions and types, and the extensions' names (their own
 * functions and versions are the extension's business, not the migrations').
 */

/** One line per schema object and its properties; two equal schemas give the same lines. */
async function schemaOf(db: Queryable): Promise<string[]> {
  const lines = async (kind: string, query: SQL) =>
    (await queryRows<Record<string, string | null> & { name: string }>(db, query)).map(
      ({ name, ...rest }) => `${kind} ${name} ${JSON.stringify(rest)}`,
    );
  // One after another: inside a transaction they share one connection.
  const parts: string[][] = [];
  for (const part of [
    () =>
      lines(
        'table',
        sql`SELECT table_name AS name, table_type AS type
          FROM information_schema.tables WHERE table_schema = 'public'`,
      ),
    () =>
      lines(
        'column',
        sql`SELECT table_name || '.' || column_name AS name, ordinal_position::text AS position,
                 data_type AS type, udt_name AS udt, character_maximum_length::text AS length,
                 numeric_precision::text AS precision, numeric_scale::text AS scale,
                 datetime_precision::text AS datetime_precision, is_nullable AS nullable,
                 column_default AS default, is_identity AS identity, identity_generation,
                 is_generated AS generated, generation_expression, collation_name AS collation
          FROM information_schema.columns WHERE table_schema = 'public'`,
      ),
    () =>
      lines(
        'index',
        sql`SELECT tablename || '.' || indexname AS name, indexdef AS definition
          FROM pg_indexes WHERE schemaname = 'public'`,
      ),
    // Not-null constraints are columns' nullability above (newer PostgreSQL lists them here too).
    () =>
      lines(
        'constraint',
        sql`SELECT cl.relname || '.' || c.conname AS name, c.contype::text AS type,
                 pg_get_constraintdef(c.oid) AS definition, c.condeferrable::text AS deferrable
          FROM pg_constraint c
          JOIN pg_class cl ON cl.oid = c.conrelid
          JOIN pg_namespace n ON n.oid = cl.relnamespace
          WHERE n.nspname = 'public' AND c.contype <> 'n'`,
      ),
    () =>
      lines(
        'sequence',
        sql`SELECT sequence_name AS name, data_type AS type, start_value AS start, minimum_value AS min,
                 maximum_value AS max, increment, cycle_option AS cycle
          FROM information_schema.sequences WHERE sequence_schema = 'public'`,
      ),
    () =>
      lines(
        'trigger',
        sql`SELECT cl.relname || '.' || t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
          FROM pg_trigger t
          JOIN pg_class cl ON cl.oid = t.tgrelid
          JOIN pg_namespace n ON n.oid = cl.relnamespace
          WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
      ),
    () =>
      lines(
        'function',
        sql`SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name,
                 pg_get_functiondef(p.oid) AS definition
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public'
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
      ),
    () =>
      lines(
        'type',
        sql`SELECT t.typname AS name, t.typtype::text AS kind,
                 (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
                  FROM pg_enum e WHERE e.enumtypid = t.oid) AS labels
          FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r')
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')`,
      ),
    () => lines('extension', sql`SELECT extname AS name FROM pg_extension`),
  ])
    parts.push(await part());
  return parts.flat().sort();
}

/** The lines only one side has, by the name of the object they describe. */
function difference(pglite: string[], postgres: string[]) {
  const a = new Set(pglite);
  const b = new Set(postgres);
  return {
    onlyOnPglite: pglite.filter((l) => !b.has(l)),
    onlyOnPostgres: postgres.filter((l) => !a.has(l)),
  };
}

/** Runs the statements in a transaction on db, reads its schema there, and rolls everything back. */
async function schemaWith(database: Database, statements: string[]): Promise<string[]> {
  let schema: string[] = [];
  await database.db
    .transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
      schema = await schemaOf(tx);
      tx.rollback();
    })
    .catch((err) => {
      if (!/rollback/i.test(String(err?.message))) throw err;
    });
  return schema;
}

let pglite: Database;
let postgres: Database;
let dropPostgres: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // Both migrated from nothing, as a new server does.
  pglite = await openDatabase({});
  const created = await createPostgresDatabase('t_parity');
  dropPostgres = created.drop;
  postgres = await openDatabase({ url: created.url, poolSize: 2 });
});
afterAll(async () => {
  await pglite?.close();
  await postgres?.close();
  await dropPostgres?.();
});

describe('the migrations make one schema on PGlite and PostgreSQL (decision 001)', () => {
  it('has the same tables, columns, indexes, constraints, sequences, triggers, functions and types', async () => {
    const [onPglite, onPostgres] = await Promise.all([schemaOf(pglite.db), schemaOf(postgres.db)]);
    // The snapshot reads something of every kind the migrations make.
    for (const kind of ['table', 'column', 'index', 'constraint', 'sequence', 'extension'])
      expect(
        onPglite.some((l) => l.startsWith(`${kind} `)),
        kind,
      ).toBe(true);
    expect(onPglite.some((l) => l.startsWith('table schema_migrations '))).toBe(true);
    expect(difference(onPglite, onPostgres)).toEqual({ onlyOnPglite: [], onlyOnPostgres: [] });
  });

  it('fails on a schema altered in any of those ways', async () => {
    const onPglite = await schemaOf(pglite.db);
    const altered = await schemaWith(postgres, [
      'ALTER TABLE users ALTER COLUMN twitter DROP NOT NULL',
      "ALTER TABLE users ALTER COLUMN name SET DEFAULT 'someone'",
      'ALTER TABLE app_settings ALTER COLUMN value TYPE varchar(300)',
      'DROP INDEX articles_contributor_idx',
      'CREATE INDEX users_name_idx ON users (name)',
      'ALTER TABLE profiles ADD CONSTRAINT profiles_year_check CHECK (year > 1900)',
      'ALTER TABLE app_settings ADD COLUMN note text',
      'CREATE TABLE extra_table (id integer)',
      'CREATE SEQUENCE extra_seq',
      "CREATE FUNCTION extra_fn() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END'",
      'CREATE TRIGGER extra_trigger BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION extra_fn()',
      "CREATE TYPE extra_kind AS ENUM ('a', 'b')",
    ]);
    const { onlyOnPglite, onlyOnPostgres } = difference(onPglite, altered);
    const names = (lines: string[]) => lines.map((l) => l.split(' ').slice(0, 2).join(' '));
    expect(names(onlyOnPglite).sort()).toEqual(
      [
        'column users.twitter',
        'column users.name',
        'column app_settings.value',
        'index articles.articles_contributor_idx',
      ].sort(),
    );
    expect(names(onlyOnPostgres).sort()).toEqual(
      [
        'column users.twitter',
        'column users.name',
        'column app_settings.value',
        'index users.users_name_idx',
        'constraint profiles.profiles_year_check',
        'column app_settings.note',
        'table extra_table',
        'column extra_table.id',
        'sequence extra_seq',
        'function extra_fn()',
        'trigger users.extra_trigger',
        'type extra_kind',
      ].sort(),
    );
    // Rolled back: the database itself is as the migrations left it.
    expect(difference(onPglite, await schemaOf(postgres.db))).toEqual({
      onlyOnPglite: [],
      onlyOnPostgres: [],
    });
  });
});
