import type { WebClient } from '@slack/web-api';
import type { QrWatchDeps } from '../../qr/index.js';
import type { AppDeps } from '../deps.js';
import { query } from '../query.js';
import { qrStatusMessages } from './status-messages.js';

/** The QR watcher's ports, implemented with the Slack side's budget-checked query and chat. */
export function qrWatchDeps(
  deps: AppDeps,
  clientFor: (teamId: string) => WebClient | Promise<WebClient>,
): QrWatchDeps {
  return {
    config: deps.config,
    logger: deps.logger,
    store: deps.store,
    clock: deps.clock,
    checkStatus: (owner, sessionId) => query(deps, 'qrStatus', { sessionId }, owner),
    messages: qrStatusMessages(deps, clientFor),
  };
}
