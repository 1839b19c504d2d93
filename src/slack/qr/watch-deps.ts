import type { WebClient } from '@slack/web-api';
import type { QrWatchDeps } from '../../qr/index.js';
import type { AppDeps } from '../deps.js';
import { qrStepCompletion } from '../functions/qr-step-completion.js';
import { query } from '../lookup/query.js';
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
    // A scheduled status check is work no person waits on: people's look-ups go first. A click
    // on I've scanned it has someone waiting, so its check queues with the look-ups.
    // Audited under /qr, the command every QR session comes from, on whichever replica checks.
    checkStatus: (owner, sessionId, opts) =>
      query(
        deps,
        'qrStatus',
        { sessionId },
        { ...owner, origin: '/qr' },
        { background: !opts?.interactive, mayStillSend: opts?.mayStillSend },
      ),
    messages: qrStatusMessages(deps, clientFor),
    steps: qrStepCompletion(deps),
  };
}
