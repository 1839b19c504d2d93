import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { PayOrder } from '../gateway/operations/index.js';
import type { Store } from '../store/index.js';
import type { WatchEvent } from './events.js';
import type { OrderWatchRow } from './watch-row.js';

/** What a watch is about, as the checker needs it. */
export interface WatchedOrder {
  teamId: string;
  userId: string;
  channelId: string;
  orderNumber: string;
  merchantNum: string;
  kind: 'platform' | 'merchant';
}

/**
 * The chat side of order watches, declared here and implemented by the Slack side
 * (`slack/watches/watch-deps.ts`), so the watch logic knows nothing of Slack.
 */
export interface WatchMessages {
  /** One reply in the card's thread for one event. */
  reply(row: OrderWatchRow, event: WatchEvent): Promise<void>;
  /** Edits the card to the row's stored order and watch state. */
  showCard(row: OrderWatchRow): Promise<void>;
  /**
   * True when a failed reply or edit can never succeed (the channel archived or gone for the bot,
   * the workspace's token gone): the watch then stops.
   */
  gone?(err: unknown): boolean;
}

export interface OrderWatchDeps {
  config: Pick<Config, 'orderWatch'>;
  logger: Logger;
  store: Store;
  clock: () => Date;
  /** Operation 6 for the order, as background work behind people's lookups. */
  lookUp(order: WatchedOrder): Promise<PayOrder>;
  messages: WatchMessages;
}
