import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects: `suite` (unit and integration tests, drills, browser; `npm test`) and `bench` (the
 * benchmarks' own tests and their shortened runs, test/bench/; `npm run test:bench`). A file path
 * given on the command line finds its file in either.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/bench/**'],
        },
      },
      {
        extends: true,
        test: { name: 'bench', include: ['test/bench/**/*.test.ts'] },
      },
    ],
  },
});
