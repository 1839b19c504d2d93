import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend minutes waiting on processes they start (bot replicas, their own PostgreSQL or
 * Redis, a browser) or on the bot's clock. They start first, so the last minutes of a run are not
 * one of them alone while the other workers sit idle.
 */
const LONG = ['test/drills/', 'test/e2e/', 'test/qr/takeover-', 'test/bundle.test.ts'];

/** vitest's own order (slowest first by the last run's durations, else largest), long files first. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG.some((p) => f.moduleId.includes(`/${p}`));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

/**
 * Two projects: `suite` (unit and integration tests, drills, browser; `npm test`) and `bench` (the
 * benchmarks' own tests and their shortened runs, test/bench/; `npm run test:bench`). A file path
 * given on the command line finds its file in either.
 *
 * Three files run at once on two cores: most of a file's time is spent waiting (on PostgreSQL, on
 * processes it started, on the sandbox's and the bot's clocks), not computing.
 *
 * The suite's files share their worker's module graph (`isolate: false`): a fresh process per file
 * spent about 200 s of a 500-s run importing Bolt, Kysely and the rest again, 250 times. A file
 * therefore builds what it needs and tears it down; src/ keeps nothing at module level but caches
 * (the processes the drills start are their own, as ever).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          isolate: false,
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
