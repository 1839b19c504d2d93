import type { App, ViewSubmitAction } from '@slack/bolt';
import { commandParser } from '../commands/arg-rules.js';
import { COMMAND_LIST } from '../commands/index.js';
import type { SlackDeps } from '../context.js';
import { exactly, pick } from '../middleware/one-listener.js';
import { configView } from './config.js';
import { lookupMessageView } from './lookup-message.js';
import { lookupModalView } from './lookup-modal.js';
import type { ViewDef } from './view.js';

/**
 * Every modal submission: each lookup command's modal (from the command registry, so a command's
 * modal needs no line here), the message shortcut's form and the settings form.
 */
export function viewHandlers(timeZone: string): ViewDef[] {
  const fromCommands = COMMAND_LIST.flatMap((c) =>
    c.kind === 'lookup' && c.modal
      ? [lookupModalView({ ...c, modal: c.modal }, commandParser(c, timeZone))]
      : [],
  );
  return [...fromCommands, lookupMessageView(timeZone), configView];
}

export function registerViews(app: App, deps: SlackDeps): void {
  const byId = new Map(viewHandlers(deps.config.gateway.timeZone).map((d) => [d.callbackId, d]));
  app.view<ViewSubmitAction>(exactly(byId.keys()), async (args) => {
    const def = pick(byId, args.view.callback_id);
    if (!def) return;
    deps.metrics.slackAcks.inc({ kind: 'view' });
    await def.handle(args, deps);
  });
}
