import type { EventDef } from './event.js';
import { answerPersonMessage, personMessage } from './message-event.js';

/** A direct message to the bot (its Messages tab): answered in that conversation, privately. */
export const directMessage: EventDef<'message'> = {
  event: 'message',
  subscription: 'message.im',
  async handle(args, deps) {
    const m = personMessage(args.event as unknown as Record<string, unknown>);
    if (m?.channelType !== 'im') return;
    await answerPersonMessage(args, deps, m, 'direct message');
  },
};
