import {
  findSubscription,
  type SubscriptionKey,
  type SubscriptionRow,
} from '../../subscriptions/index.js';
import { errorCard } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import type { Asker } from '../blocks/message.js';
import { readUuid } from '../blocks/values.js';
import type { SlackDeps } from '../context.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import { type ActionArgs, clickerOf, clickerT, tell, tellOutOfDate } from './action.js';

/**
 * The subscription a Subscribe or Unsubscribe click names, when `mayAct` lets the clicker act on
 * it and they may spend in its channel; otherwise the clicker is told why and undefined returns.
 */
export async function subscriptionClick(
  args: ActionArgs,
  deps: SlackDeps,
  mayAct: (row: SubscriptionRow, who: Asker) => boolean,
): Promise<{ who: Asker; key: SubscriptionKey; row: SubscriptionRow } | undefined> {
  const id = readUuid(args.action.value);
  const who = clickerOf(args.body);
  const key = id ? { workspaceId: who.teamId, subscriptionId: id } : undefined;
  const row = key ? await findSubscription(deps.store.db, key) : undefined;
  if (!key || !row || !mayAct(row, who)) {
    await tellOutOfDate(args, deps);
    return undefined;
  }
  try {
    await checkWhoMaySpend(deps, { ...who, channelId: row.channel_id });
  } catch (err) {
    const t = await clickerT(args, deps).catch(() => ENGLISH);
    await tell(args, deps, errorCard(err, t), false, t);
    return undefined;
  }
  return { who, key, row };
}
