import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import {
  type ExportRow,
  type ExportState,
  exportKeyOf,
  moveExport,
  settleStarting,
} from '../../exports/index.js';
import { translator } from '../../i18n/translator.js';
import type { SlackDeps } from '../context.js';
import { isUnreachableChannel, slackErrorCode } from '../delivery/slack-errors.js';
import { channelLocale } from '../settings/language.js';
import { progressOf } from './export-messages.js';

/** Why a won start did not post: words for the starter (in the `exports` area). */
export type LaunchFailure = 'exports.cannotPost' | 'exports.notPosted';

/**
 * Starts an export from `from` (its preview): the progress message goes in its channel and the
 * runner starts. Posting is the one step that cannot be taken back, so it is done only by whoever
 * won `from → starting` (a second click, a Slack retry or a second approval does not), and only
 * while that win still holds: a process dying here leaves the export "starting", and a runner
 * takes it over once it has been silent for EXPORT_START_GRACE_MS (see takeOverStarting), never
 * sooner. `won` runs right after the win (the starter's "started" answer). Resolves with what
 * went wrong for the starter to read, `'started'`, or undefined when another click won.
 */
export async function launchExport(
  deps: SlackDeps,
  client: WebClient,
  row: ExportRow,
  from: readonly ExportState[],
  won?: () => Promise<void>,
): Promise<'started' | LaunchFailure | undefined> {
  const key = exportKeyOf(row);
  const db = deps.store.db;
  const poster = `click:${randomUUID()}`;
  const now = () => deps.clock().getTime();
  // A second click finds it no longer in preview: one export, one message.
  const moved = await moveExport(db, key, from, {
    state: 'starting',
    lease_owner: poster,
    lease_until: null,
    updated_at: now(),
  });
  if (!moved) return undefined;
  await won?.();
  // The progress message speaks the workspace's language, kept on the row for its edits.
  const locale = await channelLocale(deps, key.workspaceId);
  // The grace counts from here, right before the post (the answer above may have been slow).
  if (!(await settleStarting(db, key, poster, { updated_at: now() }))) return undefined;
  let ts: string | undefined;
  try {
    const posted = await client.chat.postMessage({
      channel: row.channel_id,
      ...progressOf(deps, { ...row, state: 'running' }, locale),
    });
    ts = posted.ts;
  } catch (err) {
    // The row's note is what the channel would read; the starter is told in their language.
    const words = isUnreachableChannel(slackErrorCode(err))
      ? 'exports.cannotPost'
      : 'exports.notPosted';
    const note = translator(locale)(words);
    if (!(await settleStarting(db, key, poster, { state: 'failed', note, locale }))) return;
    return words;
  }
  const settled = await settleStarting(db, key, poster, {
    state: 'running',
    message_ts: ts ?? null,
    locale,
    lease_owner: null,
    updated_at: now(),
  });
  if (!settled) {
    // Taken over while this process stalled past the grace (the runner posted its own), or
    // ended meanwhile: this message must not stay as a second one.
    deps.logger.warn(
      { exportId: key.exportId },
      'export started elsewhere; withdrawing this progress message',
    );
    if (ts) await client.chat.delete({ channel: row.channel_id, ts }).catch(() => undefined);
    return undefined;
  }
  deps.exportRunner?.kick();
  return 'started';
}
