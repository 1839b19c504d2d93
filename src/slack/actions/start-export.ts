import { randomUUID } from 'node:crypto';
import { findExport, moveExport, settleStarting } from '../../exports/index.js';
import { translator } from '../../i18n/translator.js';
import { notice } from '../blocks/message.js';
import { readUuid } from '../blocks/values.js';
import { isUnreachableChannel, slackErrorCode } from '../delivery/slack-errors.js';
import { progressOf } from '../exports/export-messages.js';
import { channelLocale, personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell, tellOutOfDate } from './action.js';

/**
 * **Start export** on the private preview: the progress message goes in the channel, the runner
 * starts. Posting is the one step that cannot be taken back, so it is done only by whoever won
 * `preview → starting` (a second click or a Slack retry does not), and only while that win still
 * holds: a process dying here leaves the export "starting", and a runner takes it over once it
 * has been silent for EXPORT_START_GRACE_MS (see takeOverStarting), never sooner.
 */
export const startExport = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!exportId) return tellOutOfDate(args, deps);
    const key = { workspaceId: who.teamId, exportId };
    const db = deps.store.db;
    const row = await findExport(db, key);
    if (row?.user_id !== who.userId) return tellOutOfDate(args, deps);
    const poster = `click:${randomUUID()}`;
    const now = () => deps.clock().getTime();
    // A second click finds it no longer in preview: one export, one message.
    const won = await moveExport(db, key, ['preview'], {
      state: 'starting',
      lease_owner: poster,
      lease_until: null,
      updated_at: now(),
    });
    if (!won) return;
    const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
    await tell(args, deps, notice(t('exports.started')), true);
    // The progress message speaks the workspace's language, kept on the row for its edits.
    const locale = await channelLocale(deps, who.teamId);
    // The grace counts from here, right before the post (the answer above may have been slow).
    if (!(await settleStarting(db, key, poster, { updated_at: now() }))) return;
    let ts: string | undefined;
    try {
      const posted = await args.client.chat.postMessage({
        channel: row.channel_id,
        ...progressOf(deps, { ...row, state: 'running' }, locale),
      });
      ts = posted.ts;
    } catch (err) {
      // The person is told in their language; the row's note is what the channel would read.
      const words = isUnreachableChannel(slackErrorCode(err))
        ? 'exports.cannotPost'
        : 'exports.notPosted';
      const note = translator(locale)(words);
      if (!(await settleStarting(db, key, poster, { state: 'failed', note, locale }))) return;
      return tell(args, deps, notice(t(words)), true);
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
      deps.logger.warn({ exportId }, 'export started elsewhere; withdrawing this progress message');
      if (ts) await args.client.chat.delete({ channel: row.channel_id, ts }).catch(() => undefined);
      return;
    }
    deps.exportRunner?.kick();
  },
});
