import { findExport, moveExport } from '../../exports/index.js';
import { type ActionDef, clickerOf, tell } from '../actions/action.js';
import { notice } from '../blocks/message.js';
import { isUnreachableChannel, slackErrorCode } from '../slack-errors.js';
import { OUT_OF_DATE, readUuid } from '../values.js';
import { progressOf } from './export-messages.js';

/** **Start export** on the private preview: the progress message goes in the channel, the runner starts. */
export const startExport = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!exportId) return tell(args, deps, notice(OUT_OF_DATE));
    const key = { workspaceId: who.teamId, exportId };
    const row = await findExport(deps.store.db, key);
    if (row?.user_id !== who.userId) return tell(args, deps, notice(OUT_OF_DATE));
    // A second click finds it no longer in preview: one export, one message.
    const now = deps.clock().getTime();
    if (
      !(await moveExport(deps.store.db, key, ['preview'], { state: 'starting', updated_at: now }))
    ) {
      return;
    }
    await tell(args, deps, notice('Export started: its progress is in the channel.'), true);
    let ts: string | undefined;
    try {
      const posted = await args.client.chat.postMessage({
        channel: row.channel_id,
        ...progressOf(deps, { ...row, state: 'running' }),
      });
      ts = posted.ts;
    } catch (err) {
      const code = slackErrorCode(err);
      const words = isUnreachableChannel(code)
        ? 'I cannot post in this channel: invite me with /invite @querydesk and export again.'
        : 'I could not post the progress message; export again.';
      await moveExport(deps.store.db, key, ['starting'], { state: 'failed', note: words });
      return tell(args, deps, notice(words), true);
    }
    await moveExport(deps.store.db, key, ['starting'], {
      state: 'running',
      message_ts: ts ?? null,
      updated_at: deps.clock().getTime(),
    });
    deps.exportRunner?.kick();
  },
});

/** **Cancel**: on the preview nothing was called; on the progress message the runner stops. */
export const cancelExport = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!exportId) return tell(args, deps, notice(OUT_OF_DATE));
    const key = { workspaceId: who.teamId, exportId };
    const now = deps.clock().getTime();
    if (
      await moveExport(deps.store.db, key, ['preview'], { state: 'dismissed', updated_at: now })
    ) {
      return tell(args, deps, notice('Export cancelled; nothing was called.'), true);
    }
    const stopped = await moveExport(deps.store.db, key, ['running', 'starting'], {
      state: 'cancelled',
      stopped_by: who.userId,
      updated_at: now,
    });
    const row = await findExport(deps.store.db, key);
    if (!stopped || !row?.message_ts)
      return tell(args, deps, notice('This export has already ended.'));
    await args.client.chat.update({
      channel: row.channel_id,
      ts: row.message_ts,
      ...progressOf(deps, row),
    });
  },
});
