import type { WebClient } from '@slack/web-api';
import type { QrMessages } from '../../qr/index.js';
import { slackFailure } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { renderSession } from './render.js';

/** The QR watcher's chat side: `chat.update` of the status message, failures sorted for it. */
export function qrStatusMessages(
  deps: Pick<AppDeps, 'store' | 'config' | 'gateway' | 'metrics' | 'settings'>,
  clientFor: (teamId: string) => WebClient | Promise<WebClient>,
): QrMessages {
  return {
    async show(row) {
      const message = await renderSession(deps, row);
      try {
        const client = await clientFor(row.workspace_id);
        await client.chat.update({
          channel: row.channel_id,
          ts: row.message_ts ?? '',
          text: message.text,
          blocks: message.blocks,
        });
        return { kind: 'shown' };
      } catch (err) {
        const failure = slackFailure(err);
        const error = failure.kind === 'rate-limited' ? 'ratelimited' : failure.error;
        deps.metrics.slackErrors.inc({ method: 'chat.update', error });
        if (failure.kind === 'rate-limited') {
          return { kind: 'rate-limited', retryAfterMs: failure.retryAfterMs };
        }
        return failure.kind === 'other'
          ? { kind: 'failed', error: failure.error }
          : { kind: 'gone', error: failure.error };
      }
    },
  };
}
