import { createGatewayClient } from '../src/gateway/client.js';
import type { AccountData, ShopOrderPage } from '../src/gateway/operations/index.js';
import { translator } from '../src/i18n/translator.js';
import { createLedger } from '../src/ledger/index.js';
import type { SpendReport } from '../src/ledger/types.js';
import { SANDBOX_EXAMPLES, startSandbox } from '../src/sandbox/index.js';
import { accountCard } from '../src/slack/blocks/account-card.js';
import { ENGLISH } from '../src/slack/blocks/format.js';
import { checkMessage } from '../src/slack/blocks/limits.js';
import type { SlackMessage } from '../src/slack/blocks/message.js';
import { shopOrderPages, shopOrdersCard } from '../src/slack/blocks/shop-orders-card.js';
import { spendCard } from '../src/slack/blocks/spend-card.js';
import { spendPeriod } from '../src/slack/spend/index.js';
import { openStore } from '../src/store/index.js';
import { benchEntry } from './ledger-insert.js';
import type { BenchResult } from './report.js';
import { silentLogger } from './silent.js';
import { round } from './stats.js';
import { microsPerCall } from './timing.js';

const TIME_ZONE = 'Asia/Shanghai';
const X = SANDBOX_EXAMPLES;

export interface CardInputs {
  shopPage: ShopOrderPage;
  account: AccountData;
  spend: SpendReport;
}

/** Real inputs: a 100-order page and an account as the client parses them from the sandbox, and a
 * spend report over 2000 ledger entries in an in-memory SQLite store. */
export async function cardInputs(): Promise<CardInputs> {
  const sandbox = await startSandbox();
  const client = createGatewayClient({
    baseUrl: sandbox.url,
    logger: silentLogger(),
    timeZone: TIME_ZONE,
    sandbox: true,
  });
  const ctx = { token: X.token, workspaceId: 'T0BENCH' };
  try {
    const shop = await client.call(
      'shopOrders',
      { ownerId: X.shopOrders.ownerId, pageSize: 100 },
      ctx,
    );
    const account = await client.call('accountData', { mediaMark: X.account.mediaMark }, ctx);
    const store = await openStore('sqlite::memory:');
    try {
      const now = Date.now();
      let at = now;
      const ledger = createLedger({ store, clock: () => new Date(at), logger: silentLogger() });
      for (let i = 0; i < 2000; i++) {
        const planned = benchEntry(i, 2000, now);
        at = planned.at;
        await ledger.record(planned.entry);
      }
      const period = spendPeriod('30d', new Date(now), TIME_ZONE);
      const spend = await ledger.spend({ workspaceId: 'T0BENCH', ...period, timeZone: TIME_ZONE });
      return { shopPage: shop.data, account: account.data, spend };
    } finally {
      await store.close();
    }
  } finally {
    await client.close();
    await sandbox.close();
  }
}

/** The card one 100-order gateway page is shown as (one table), with its buttons' values. */
export function shopCards(page: ShopOrderPage): SlackMessage[] {
  const card = shopOrdersCard(
    {
      ownerId: X.shopOrders.ownerId,
      edition: 'enhanced',
      filters: {},
      orders: page.orders,
      humanPage: 1,
      totalPages: shopOrderPages(page.total, page.pageSize),
      totalOrders: page.total,
      nextValue: JSON.stringify({ q: 'bench', p: 2 }),
      filterValue: 'bench',
    },
    { timeZone: TIME_ZONE, shareKey: 'bench-share', t: ENGLISH },
  );
  return [card];
}

const spendOf = (report: SpendReport) =>
  spendCard(report, {
    label: 'last 30 days',
    budget: 5000,
    spentToday: 120,
    timeZone: TIME_ZONE,
    sandbox: true,
    t: translator('en'),
  });

/** Benchmark 5: the pure Block Kit builders, timed on real data; each output checked for limits. */
export async function cardRenderBench(): Promise<BenchResult[]> {
  const inputs = await cardInputs();
  const shop = microsPerCall(() => shopCards(inputs.shopPage), { minCalls: 20 });
  const pages = shopCards(inputs.shopPage);
  const account = microsPerCall(() =>
    accountCard(inputs.account, { timeZone: TIME_ZONE, t: ENGLISH }),
  );
  const spend = microsPerCall(() => spendOf(inputs.spend));
  const problems = (messages: SlackMessage[]) =>
    messages.reduce((n, m) => n + checkMessage({ text: m.text, blocks: m.blocks }).length, 0);
  const target = 'every card within Block Kit limits (0 problems from checkMessage)';
  const shopProblems = problems(pages);
  const accountProblems = problems([
    accountCard(inputs.account, { timeZone: TIME_ZONE, t: ENGLISH }),
  ]);
  const spendProblems = problems([spendOf(inputs.spend)]);
  return [
    {
      name: `cards: shop orders, ${inputs.shopPage.orders.length} orders as ${pages.length} table card`,
      figures: {
        orders: inputs.shopPage.orders.length,
        slackPages: pages.length,
        microsPerCard: round(shop.micros / pages.length),
        microsPer100Orders: round((shop.micros * 100) / Math.max(1, inputs.shopPage.orders.length)),
        maxBlocksPerCard: Math.max(...pages.map((p) => p.blocks.length)),
        blockKitProblems: shopProblems,
      },
      target,
      met: shopProblems === 0,
    },
    {
      name: 'cards: account card',
      figures: {
        microsPerCard: round(account.micros),
        blocks: accountCard(inputs.account, { timeZone: TIME_ZONE, t: ENGLISH }).blocks.length,
        blockKitProblems: accountProblems,
      },
      target,
      met: accountProblems === 0,
    },
    {
      name: `cards: spend card (30 days, ${inputs.spend.calls} calls)`,
      figures: {
        microsPerCard: round(spend.micros),
        blocks: spendOf(inputs.spend).blocks.length,
        blockKitProblems: spendProblems,
      },
      target,
      met: spendProblems === 0,
    },
  ];
}
