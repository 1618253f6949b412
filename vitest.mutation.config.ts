import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the in-process unit tests.
 * Left out: tests that run the compiled CLI (`node bin/site.js`, a separate bundle that never
 * sees Stryker's mutants, so they only cost time), the dev server and dev-site tests (each
 * bundles the client with esbuild), and the browser and whole-site tests (minutes each, and
 * they need the real site built by tests/globalSetup.ts, which this config does not run).
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      '.stryker-tmp/**',
      // They spawn the CLI or a child process.
      'tests/unit/devMemory.test.ts',
      'tests/unit/killedBuild.test.ts',
      'tests/unit/outputFolder.test.ts',
      'tests/unit/symlinks.test.ts',
      // They start the dev pipeline (esbuild bundle, watchers).
      'tests/unit/devSite.test.ts',
      'tests/unit/servers.test.ts',
    ],
    testTimeout: 60_000,
  },
});
