import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend minutes waiting on processes they start (bot replicas, their own PostgreSQL or
 * Redis, a browser) or on the bot's clock. They start first, in this order, so the last minutes
 * of a run are not one of them alone while the other workers sit idle: the two halves of the
 * fault drills (about 3 minutes each) at once, then the browser tests and the bundle, then the
 * QR takeover, whose three replicas must be ready within 30 s and so start once the first
 * minute's start-ups are over.
 */
const LONG = ['test/drills/', 'test/e2e/', 'test/bundle.test.ts', 'test/qr/takeover-'];

/** vitest's own order (slowest first by the last run's durations, else largest), long files first. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG.findIndex((p) => f.moduleId.includes(`/${p}`));
      return i < 0 ? LONG.length : i;
    };
    // Array.prototype.sort is stable: within a rank, vitest's own order holds.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Two projects: `suite` (unit and integration tests, drills, browser; `npm test`) and `bench` (the
 * benchmarks' own tests and their shortened runs, test/bench/; `npm run test:bench`). A file path
 * given on the command line finds its file in either.
 *
 * Four files run at once on two cores: most of a file's time is spent waiting (on PostgreSQL, on
 * processes it started, on the sandbox's and the bot's clocks), not computing. Two of them hold
 * the drills for their first minutes; the other two share the rest of the suite.
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
    maxWorkers: 4,
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
