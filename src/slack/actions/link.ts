import type { ActionDef } from './action.js';

/** A button that opens a URL: Slack still sends the click, which only needs its ack. */
export const link = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  handle: async () => undefined,
});
