import type { App } from '@slack/bolt';
import { registerRefreshPayOrder } from './actions/refresh-payorder.js';
import { registerShare } from './actions/share.js';
import { runPayOrder } from './commands/payorder.js';
import { registerQuerydesk } from './commands/querydesk.js';
import { registerSlash } from './commands/slash.js';
import { commandSpecs } from './commands/specs.js';
import type { AppDeps } from './deps.js';

/** Every listener, grouped by Slack feature. */
export function registerListeners(app: App, deps: AppDeps): void {
  const specs = commandSpecs(deps.config.gateway.timeZone);
  registerSlash(app, deps, {
    spec: specs.payorder,
    run: (d, args, who) => runPayOrder(d, args, who),
  });
  registerQuerydesk(app, deps, specs);
  registerShare(app, deps);
  registerRefreshPayOrder(app, deps);
  app.error(async (err) => {
    deps.logger.error({ err }, 'unhandled listener error');
  });
}
