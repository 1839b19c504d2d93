import type { App } from '@slack/bolt';
import { registerActions } from './actions/index.js';
import { registerCommands } from './commands/index.js';
import type { SlackDeps } from './context.js';
import { registerEvents } from './events/index.js';
import { registerFunctions } from './functions/index.js';
import { isDuplicateDelivery } from './middleware/idempotency.js';
import { registerShortcuts } from './shortcuts/index.js';
import { registerViews } from './views/index.js';

/**
 * Every listener, one registry per Slack feature: `commands/`, `actions/`, `views/`,
 * `shortcuts/`, `events/`, `functions/` (Workflow Builder steps), each an `index.ts` listing one
 * small file per handler.
 */
export function registerListeners(app: App, deps: SlackDeps): void {
  registerCommands(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerShortcuts(app, deps);
  registerEvents(app, deps);
  registerFunctions(app, deps);
  app.error(async (err) => {
    // A command that met its own earlier delivery after acking stops by throwing; logged already.
    if (isDuplicateDelivery(err)) return;
    deps.logger.error({ err }, 'unhandled listener error');
  });
}
