import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the in-process unit tests of
 * the stages it mutates (links, graph, write, config, content/markdown). Left out:
 * - tests that run the compiled CLI (`node bin/site.js`): a separate bundle that never sees
 *   Stryker's mutants, so they only cost time;
 * - the render, search, dev and runtime tests: they build graphs too, so each graph mutant
 *   would run them all (a run took over four times as long), yet they test later stages;
 * - the browser and whole-site tests (minutes each; they need the real site built by
 *   tests/globalSetup.ts, which this config does not run).
 * Add a test file here when it tests one of those stages.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/check.test.ts',
      'tests/unit/config.test.ts',
      'tests/unit/graph.test.ts',
      'tests/unit/loader.test.ts',
      'tests/unit/machineIndependent.test.ts',
      'tests/unit/*Rules.test.ts',
    ],
    exclude: [...configDefaults.exclude, '.stryker-tmp/**'],
    testTimeout: 60_000,
  },
});
