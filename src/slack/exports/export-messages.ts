import type { WebClient } from '@slack/web-api';
import { type ExportMessages, type ExportRow, ExportStop } from '../../exports/index.js';
import type { Locale } from '../../i18n/locales.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { exportProgressMessage } from '../blocks/export-message.js';
import type { SlackMessage } from '../blocks/message.js';
import { finish } from '../delivery/finish.js';
import {
  isUnreachableChannel,
  permanentSlackError,
  slackErrorCode,
  slackErrorKind,
} from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { uploadedFileId } from '../qr/start-onboarding.js';
import { channelLocale, postedLocale } from '../settings/language.js';
import { argsOf } from './export-sources.js';

type ClientFor = (teamId: string) => WebClient | Promise<WebClient>;

export function exportTitle(row: Pick<ExportRow, 'args_json'>, t: Translate): string {
  const a = argsOf(row);
  if (a.kind === 'shopOrders') return t('exports.title.shopOrders', { owner: a.input.ownerId });
  const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
  return t('exports.title.coupons', { sid: a.sid, from: day(a.start), to: day(a.end) });
}

/** The progress message as the row says it is now, in `locale` (the one it was posted in). */
export function progressOf(
  deps: Pick<AppDeps, 'gateway' | 'clock'>,
  row: ExportRow,
  locale: Locale,
): SlackMessage {
  const t = translator(locale);
  const title = exportTitle(row, t);
  return finish(deps, exportProgressMessage(row, { title, t }, deps.clock().getTime()), t);
}

/** The export runner's chat side: edits of the progress message, the CSV in its thread. */
export function exportMessages(deps: AppDeps, clientFor: ClientFor): ExportMessages {
  const count = (method: string) => (err: unknown) => {
    deps.metrics.slackErrors.inc({ method, error: slackErrorKind(err) });
    throw err;
  };
  return {
    gone: (err) => permanentSlackError(err) !== undefined,
    async post(row) {
      const client = await clientFor(row.workspace_id);
      // A channel post speaks the workspace's language; its edits keep the one it was posted in.
      const locale = await channelLocale(deps, row.workspace_id);
      const posted = await client.chat
        .postMessage({ channel: row.channel_id, ...progressOf(deps, row, locale) })
        .catch((err: unknown) => {
          if (isUnreachableChannel(slackErrorCode(err)))
            throw new ExportStop('failed', translator(locale)('exports.cannotPost'));
          return count('chat.postMessage')(err);
        });
      if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
      return { ts: posted.ts, locale };
    },
    async show(row) {
      if (!row.message_ts) return;
      const client = await clientFor(row.workspace_id);
      const locale = await postedLocale(deps, row);
      await client.chat
        .update({ channel: row.channel_id, ts: row.message_ts, ...progressOf(deps, row, locale) })
        .catch(count('chat.update'));
    },
    async upload(row, csv, filename) {
      if (!row.message_ts) return undefined;
      const client = await clientFor(row.workspace_id);
      const t = translator(await postedLocale(deps, row));
      const result = await client.files
        .uploadV2({
          channel_id: row.channel_id,
          thread_ts: row.message_ts,
          file: csv,
          filename,
          title: t('exports.file.title', { title: exportTitle(row, t), rows: row.rows }).slice(
            0,
            250,
          ),
        })
        .catch(count('files.uploadV2'));
      return uploadedFileId(result);
    },
  };
}
