import type { Logger } from 'pino';
import type { ShopOrder } from '../gateway/operations/shop-order-record.js';
import type { Store } from '../store/index.js';
import type { EndReason, SubscriptionRow } from './subscription-row.js';

/** One page of a poll. */
export interface PolledPage {
  orders: ShopOrder[];
  /** All orders in the window (decides whether more pages exist). */
  total: number;
  points: number;
}

/** A poll held back by the daily budget; it is tried again at `resumesAt` (the budget's day turn). */
export class PollPaused extends Error {
  constructor(readonly resumesAt: number) {
    super('paused by the daily budget');
    this.name = 'PollPaused';
  }
}

/** What went wrong with polls, as the subscription message shows it. */
export interface PollProblem {
  words: string;
  /** A link that fixes it (the shop's authorization link for a 302). */
  url?: string;
}

/**
 * Where the orders come from (the Slack side's gateway calls, reserved against the workspace
 * budget, as background work behind people's look-ups); declared here so the poller knows
 * nothing of Slack.
 */
export interface SubscriptionSource {
  /**
   * Throws PollPaused when the first page's price would take the day's net past the budget;
   * `price` reads the operation's last known price (undefined: none yet), asked only when the
   * workspace has a budget.
   */
  checkBudget(row: SubscriptionRow, price: () => Promise<number | undefined>): Promise<void>;
  /**
   * Operation 7, orders confirmed from `start` (epoch ms), gateway page `page` of 100.
   * `mayStillSend` is asked as the paid call leaves (after its wait at the rate limit): false
   * withdraws it unsent (`CallWithdrawn`), for a poll whose lease may have gone meanwhile.
   */
  page(
    row: SubscriptionRow,
    start: number,
    page: number,
    mayStillSend?: () => boolean,
  ): Promise<PolledPage>;
  /** A failed poll in words (and a link) for the channel, in the subscription message's language. */
  describe(err: unknown, row: SubscriptionRow): Promise<PollProblem>;
}

/** The chat side: the subscription message and the orders posted under the subscription. */
export interface SubscriptionMessages {
  /**
   * Why a failed post or edit can never succeed (the channel archived or gone for the bot, the
   * workspace's token gone), when that is so: the subscription then ends for that reason.
   */
  gone?(err: unknown): EndReason | undefined;
  /**
   * Posts the subscription message; its ts and the language it was posted in (kept on the row:
   * the message's edits and the orders posted under it speak it too).
   */
  post(row: SubscriptionRow): Promise<{ ts: string; locale: string }>;
  /** Edits the subscription message to the row's state. */
  show(row: SubscriptionRow): Promise<void>;
  /** One message for one new order. */
  postOrder(row: SubscriptionRow, order: ShopOrder): Promise<void>;
  /** "N new orders" with the first ones shown; its ts. */
  postBatch(row: SubscriptionRow, first: ShopOrder[], total: number): Promise<string>;
  /** The CSV of every order of the batch in the batch message's thread. */
  uploadCsv(row: SubscriptionRow, threadTs: string, orders: ShopOrder[]): Promise<void>;
}

/** What the poller reports for /metrics. */
export interface SubscriptionMetrics {
  polled(result: 'ok' | 'failed' | 'budget'): void;
  posted(orders: number): void;
  /** Seconds between a poll's due time and its start. */
  lateness(seconds: number): void;
}

export interface SubscriptionDeps {
  logger: Logger;
  store: Store;
  clock: () => Date;
  /** In [0, 1): the jitter of each interval. */
  random: () => number;
  source: SubscriptionSource;
  messages: SubscriptionMessages;
  metrics: SubscriptionMetrics;
  /** The operation's last price in the workspace's ledger, for the budget check. */
  lastPrice(workspaceId: string): Promise<number | undefined>;
}
