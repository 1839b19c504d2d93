import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../src/gateway/backoff.js';
import { MAX_WAIT_MS } from '../../src/gateway/limiter.js';
import { DEFAULT_TIMEOUTS } from '../../src/gateway/transport.js';
import { HOLD_MS } from '../../src/ledger/reservation.js';

describe('budget hold', () => {
  it('outlives the longest a paid call can take, so it never lapses while its call still waits', () => {
    // Arrange: every attempt re-enters the limiter, so each may wait the longest queue wait it
    // accepts, then run to its full timeouts; each retry after the longest backoff it honours.
    const { connectMs, headersMs, bodyMs } = DEFAULT_TIMEOUTS;
    const attempt = connectMs + headersMs + bodyMs;
    const retryWait = Math.max(DEFAULT_RETRY.capMs, DEFAULT_RETRY.maxRetryAfterMs);
    const longestCall =
      DEFAULT_RETRY.attempts * (MAX_WAIT_MS + attempt) + (DEFAULT_RETRY.attempts - 1) * retryWait;

    // Assert
    expect(HOLD_MS).toBeGreaterThan(longestCall);
  });
});
