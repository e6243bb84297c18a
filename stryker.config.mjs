// @ts-check
/**
 * `npm run mutate`: mutation testing of the pure modules (no database, no server), incremental, so a
 * second run tests only the mutants whose code or tests changed. Incremental mode compares each
 * test's own body: after changing a hook, a helper or a value built outside the tests, run
 * `npm run mutate -- --force` (all mutants again; about 20 minutes). Not part of CI.
 * Values a test file builds while it is collected (outside hooks and tests) are built before any
 * mutant is switched on: build them in beforeAll or in the test, or their tests are blind here.
 * The report (reports/mutation/) scores every file; the database-backed routes are sampled by
 * stryker.routes.config.mjs (`npm run mutate:routes`).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants and schemas) rerun every test with a fresh import, ~4 s
  // each: hours for the whole set. They are reported as ignored, not as killed or survived.
  ignoreStatic: true,
  mutate: [
    'src/common/**/*.ts',
    '!src/common/**/*.test.ts',
    // The rules of the tools and accounts: the files that read answers or decide, without a database.
    'src/server/tools/lineup/build.ts',
    'src/server/tools/rookie-adp/facts.ts',
    'src/server/tools/shared/identity.ts',
    'src/server/tools/rostership/teams.ts',
    'src/server/tools/player-status/bare-identity.ts',
    'src/server/accounts/password-rules.ts',
  ],
  // Stryker rewrites the tsconfig's `extends` and `references` for its sandbox through TypeScript's
  // JavaScript API, which TypeScript 7 (decision 028) no longer ships. Ours has neither, so it is
  // named by a file that does not exist and the rewrite is skipped.
  tsconfigFile: 'tsconfig.stryker-skips-this.json',
  // Two cores, shared: one test runner at a time.
  concurrency: 1,
  incremental: true,
  incrementalFile: '.tmp/stryker/incremental.json',
  tempDirName: '.tmp/stryker/sandbox',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, reportMutants: false, reportTests: false },
  // The pure set scored 91.8 % when last run whole: a run that falls below 85 % fails.
  thresholds: { high: 80, low: 60, break: 85 },
  timeoutMS: 10_000,
};
