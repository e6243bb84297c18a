import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What migrating needs of a database (client.ts's Database has it): plain SQL text, no query
 * builder, so the build's database template (pg-template.ts) runs without loading drizzle (a third
 * of a second).
 */
export interface Migratable {
  /** Runs SQL text with no parameters (several statements allowed). */
  exec(sqlText: string): Promise<void>;
  /** The rows of one query with no parameters. */
  rows<T>(sqlText: string): Promise<T[]>;
}

const dir = join(import.meta.dirname, 'migrations');

/** The migration files in order: NNNN_name.sql. */
export function migrationFiles(): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/** Applies each migration not yet applied, each in its own transaction, recording its name. */
export async function runMigrations(database: Migratable): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const rows = await database.rows<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.name));
  const done: string[] = [];
  for (const m of migrationFiles()) {
    if (applied.has(m.name)) continue;
    const name = m.name.replace(/'/g, "''");
    await database.exec(
      `BEGIN;\n${m.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
    );
    done.push(m.name);
  }
  return done;
}
