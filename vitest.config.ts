import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Stryker's sandboxes (npm run mutation) hold a copy of the tests.
    exclude: [...configDefaults.exclude, '.stryker-tmp/**'],
    globalSetup: ['tests/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and whole-site tests share one machine with 2 cores: keep them from fighting.
    maxWorkers: 2,
  },
});
