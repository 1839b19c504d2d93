import type { WebClient } from '@slack/web-api';
import { type ExportMessages, type ExportRow, ExportStop } from '../../exports/index.js';
import { exportProgressMessage } from '../blocks/export-message.js';
import type { SlackMessage } from '../blocks/message.js';
import { finish } from '../delivery/finish.js';
import { isUnreachableChannel, slackErrorCode, slackErrorKind } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { uploadedFileId } from '../qr/start-onboarding.js';
import { argsOf } from './export-sources.js';

type ClientFor = (teamId: string) => WebClient | Promise<WebClient>;

export function exportTitle(row: ExportRow): string {
  const a = argsOf(row);
  if (a.kind === 'shopOrders') return `Shop orders of ${a.input.ownerId}`;
  const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
  return `Coupons of ${a.sid} (${day(a.start)} to ${day(a.end)})`;
}

/** What the asker is told when the progress message cannot be posted at all. */
export const CANNOT_POST =
  'I cannot post in this channel: invite me with /invite @querydesk and export again.';

/** The progress message as the row says it is now. */
export function progressOf(deps: Pick<AppDeps, 'gateway' | 'clock'>, row: ExportRow): SlackMessage {
  const message = exportProgressMessage(row, { title: exportTitle(row) }, deps.clock().getTime());
  return finish(deps, message);
}

/** The export runner's chat side: edits of the progress message, the CSV in its thread. */
export function exportMessages(deps: AppDeps, clientFor: ClientFor): ExportMessages {
  const count = (method: string) => (err: unknown) => {
    deps.metrics.slackErrors.inc({ method, error: slackErrorKind(err) });
    throw err;
  };
  return {
    async post(row) {
      const client = await clientFor(row.workspace_id);
      const posted = await client.chat
        .postMessage({ channel: row.channel_id, ...progressOf(deps, row) })
        .catch((err: unknown) => {
          if (isUnreachableChannel(slackErrorCode(err)))
            throw new ExportStop('failed', CANNOT_POST);
          return count('chat.postMessage')(err);
        });
      if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
      return posted.ts;
    },
    async show(row) {
      if (!row.message_ts) return;
      const client = await clientFor(row.workspace_id);
      await client.chat
        .update({ channel: row.channel_id, ts: row.message_ts, ...progressOf(deps, row) })
        .catch(count('chat.update'));
    },
    async upload(row, csv, filename) {
      if (!row.message_ts) return undefined;
      const client = await clientFor(row.workspace_id);
      const result = await client.files
        .uploadV2({
          channel_id: row.channel_id,
          thread_ts: row.message_ts,
          file: csv,
          filename,
          title: `${exportTitle(row)} (${row.rows} rows)`.slice(0, 250),
        })
        .catch(count('files.uploadV2'));
      return uploadedFileId(result);
    },
  };
}
