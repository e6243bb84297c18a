import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate:routes` (stryker.routes.config.mjs) runs against mutants of a sample of
 * database-backed routes: each route's own test files, on PGlite, as in the unit project.
 */
export default defineConfig({
  test: {
    include: [
      'src/server/accounts/users.test.ts',
      'src/server/accounts/password-change.test.ts',
      'src/server/tools/lineup/routes.test.ts',
      'src/server/tools/player-status/routes.test.ts',
    ],
    env: { TEST_DB: 'pglite' },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
