import { randomUUID } from 'node:crypto';
import { findExport, moveExport, settleStarting } from '../../exports/index.js';
import { notice } from '../blocks/message.js';
import { OUT_OF_DATE, readUuid } from '../blocks/values.js';
import { isUnreachableChannel, slackErrorCode } from '../delivery/slack-errors.js';
import { CANNOT_POST, progressOf } from '../exports/export-messages.js';
import { type ActionDef, clickerOf, tell } from './action.js';

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
    if (!exportId) return tell(args, deps, notice(OUT_OF_DATE));
    const key = { workspaceId: who.teamId, exportId };
    const db = deps.store.db;
    const row = await findExport(db, key);
    if (row?.user_id !== who.userId) return tell(args, deps, notice(OUT_OF_DATE));
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
    await tell(args, deps, notice('Export started: its progress is in the channel.'), true);
    // The grace counts from here, right before the post (the answer above may have been slow).
    if (!(await settleStarting(db, key, poster, { updated_at: now() }))) return;
    let ts: string | undefined;
    try {
      const posted = await args.client.chat.postMessage({
        channel: row.channel_id,
        ...progressOf(deps, { ...row, state: 'running' }),
      });
      ts = posted.ts;
    } catch (err) {
      const words = isUnreachableChannel(slackErrorCode(err))
        ? CANNOT_POST
        : 'I could not post the progress message; export again.';
      if (!(await settleStarting(db, key, poster, { state: 'failed', note: words }))) return;
      return tell(args, deps, notice(words), true);
    }
    const settled = await settleStarting(db, key, poster, {
      state: 'running',
      message_ts: ts ?? null,
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
