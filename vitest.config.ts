import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The server test files that open a database (through the test app, a test database or the tools'
 * test beds), and the PostgreSQL-only ones: only these are worth a second run on PostgreSQL.
 */
function databaseTestFiles(): string[] {
  const opensDatabase = /#test\/(app|database|tools|rookie-adp)\.ts|openDatabase|TEST_DB|testDbKind/;
  return readdirSync('src/server', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('src/server', f))
    .filter((f) => f.endsWith('.pg.test.ts') || opensDatabase.test(readFileSync(f, 'utf8')));
}

// API tests always run on in-memory PGlite, and a second time on PostgreSQL when TEST_DATABASE_URL is set.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'postgres',
          include: databaseTestFiles(),
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          // *.pg.test.ts need PostgreSQL (and Redis): they run in the postgres project only.
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
          // Migrates one PGlite database that every test file's database starts from.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...postgres,
    ],
  },
});
