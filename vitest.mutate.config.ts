import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate` (stryker.config.mjs) runs against mutants of the pure modules: the
 * unit tests that open no database and start no server, so each mutant takes milliseconds.
 */
export default defineConfig({
  test: {
    include: [
      'src/common/*.test.ts',
      'src/server/tools/lineup/build.test.ts',
      'src/server/tools/rookie-adp/facts.test.ts',
      'src/server/tools/shared/identity.test.ts',
      'src/server/tools/rostership/teams.test.ts',
      'src/server/tools/player-status/bare-identity.test.ts',
      'src/server/accounts/password-rules.test.ts',
    ],
    env: { TEST_DB: 'pglite' },
    testTimeout: 30_000,
  },
});
