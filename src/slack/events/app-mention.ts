import type { EventDef } from './event.js';
import { answerPersonMessage, personMessage } from './message-event.js';

/**
 * `@querydesk payorder 4200… 8983…` (or numbers alone) in a channel: answered publicly in the
 * mention's thread. A mention in a direct message is the direct message's to answer.
 */
export const appMention: EventDef<'app_mention'> = {
  event: 'app_mention',
  async handle(args, deps) {
    const m = personMessage(args.event as unknown as Record<string, unknown>);
    if (!m || m.channelType === 'im' || m.channel.startsWith('D')) return;
    await answerPersonMessage(args, deps, m, 'mention');
  },
};
