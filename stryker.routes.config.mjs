// @ts-check
import base from './stryker.config.mjs';

/**
 * `npm run mutate:routes`: a sample of the database-backed routes, each against its own test files.
 * Every mutant reruns its tests' database setup, so this takes far longer per mutant than the pure
 * modules; pass `--mutate <file>` (or `<file>:<from>-<to>` lines) to try one route at a time.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutate-routes.config.ts', related: false },
  mutate: [
    'src/server/accounts/user-routes.ts',
    'src/server/tools/lineup/routes.ts',
    'src/server/tools/player-status/routes.ts',
  ],
  incrementalFile: '.tmp/stryker/incremental-routes.json',
  htmlReporter: { fileName: 'reports/mutation-routes/index.html' },
  jsonReporter: { fileName: 'reports/mutation-routes/mutation.json' },
  timeoutMS: 60_000,
};
