import type { App } from '@slack/bolt';
import type { Logger } from 'pino';
import type { LocaleResolver } from '../i18n/locale-resolver.js';
import { idempotencyMiddleware } from '../slack/middleware/idempotency.js';
import { inputGuardMiddleware } from '../slack/middleware/input-guard.js';
import { createIdempotencyKeys } from '../store/idempotency.js';
import type { Store } from '../store/index.js';

/**
 * Before every listener: unsafe form values and clicks are refused at the edge, then a Slack
 * retry or a double click is acked and does nothing. Call before registering the listeners.
 */
export function guardListeners(
  app: App,
  deps: { store: Store; clock: () => Date; logger: Logger; locales: LocaleResolver },
) {
  const { store, clock, logger } = deps;
  app.use(inputGuardMiddleware({ logger, locales: deps.locales }));
  app.use(
    idempotencyMiddleware({
      keys: createIdempotencyKeys(store.db, () => clock().getTime()),
      logger,
    }),
  );
}
