import { describe, expect, it } from 'vitest';
import { guarded } from '../../bench/guard.js';
import { microsPerCall } from '../../bench/timing.js';

describe('guarded', () => {
  it('passes a benchmark’s results through', async () => {
    const results = await guarded('ok', 1000, async () => [{ name: 'ok', figures: { n: 1 } }]);

    expect(results).toEqual([{ name: 'ok', figures: { n: 1 } }]);
  });

  it('turns a failing benchmark into a result naming the error, target missed', async () => {
    const results = await guarded('ledger', 1000, async () => {
      throw new Error('database is locked');
    });

    expect(results).toEqual([
      { name: 'ledger', figures: { error: 'database is locked' }, met: false },
    ]);
  });

  it('turns an overrun into a result saying so', async () => {
    const results = await guarded('slow', 20, () => new Promise(() => {}), 10);

    expect(results[0]?.figures.error).toBe('did not finish within 20 ms');
    expect(results[0]?.met).toBe(false);
  });

  it('tells an overrun benchmark to stop and lets it close its parts before going on', async () => {
    const closed: string[] = [];

    const results = await guarded('scale', 20, (signal) => {
      const parts = ['bots', 'sandbox'];
      return new Promise((_, reject) => {
        signal.addEventListener('abort', () => {
          setTimeout(() => {
            closed.push(...parts);
            reject(new Error('stopped'));
          }, 30);
        });
      });
    });

    expect(closed).toEqual(['bots', 'sandbox']);
    expect(results[0]?.figures.error).toBe('did not finish within 20 ms');
  });

  it('goes on without a benchmark that does not close when told to', async () => {
    let told = false;

    const results = await guarded(
      'stuck',
      20,
      (signal) =>
        new Promise(() => {
          signal.addEventListener('abort', () => {
            told = true;
          });
        }),
      50,
    );

    expect(told).toBe(true);
    expect(results[0]?.met).toBe(false);
  });

  it('does not abort a benchmark that finishes in time', async () => {
    let signalSeen: AbortSignal | undefined;

    await guarded('ok', 1000, async (signal) => {
      signalSeen = signal;
      return [];
    });

    expect(signalSeen?.aborted).toBe(false);
  });
});

describe('microsPerCall', () => {
  it('calls the function at least the asked number of times after its warm-up', () => {
    let calls = 0;

    const timed = microsPerCall(() => calls++, { minMs: 0, minCalls: 25, warmup: 3 });

    expect(timed.calls).toBeGreaterThanOrEqual(25);
    expect(calls).toBe(timed.calls + 3);
  });
});
