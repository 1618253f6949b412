// @ts-check
/**
 * Mutation testing (`npm run mutation`): Stryker changes the code of the stages below one small
 * mutation at a time and runs the unit tests against each; a mutant no test notices is a
 * behaviour no test pins. Slow (about a second per mutant on 2 cores), so it is not part of
 * `npm test` or CI. One folder at a time: `npm run mutation -- --mutate 'cli/links/**\/*.ts'`.
 * The report is written to reports/mutation/index.html.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // Only the in-process unit tests: see vitest.mutation.config.ts for what is left out and why.
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'cli/links/**/*.ts',
    'cli/graph/**/*.ts',
    'cli/write/**/*.ts',
    'cli/config/**/*.ts',
    'cli/content/markdown/**/*.ts',
    // Types only: nothing to mutate.
    '!cli/**/types.ts',
  ],
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  // The machine has 2 cores and is shared.
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  // Build output is not needed in the sandboxes Stryker copies the project into.
  ignorePatterns: ['/build', '/build.tmp*', '/build.old*', '/tests/.output', '/bench/.sites'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  // Report, never fail: the score is read by people, not enforced by CI.
  thresholds: { high: 90, low: 80, break: null },
};
