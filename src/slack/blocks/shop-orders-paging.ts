/** How many Slack pages one gateway page of `gatewayPageSize` orders is shown as (at least 1). */
export function slackPagesOf(gatewayPageSize: number, perSlackPage: number): number {
  if (perSlackPage < 1) throw new RangeError('perSlackPage must be at least 1');
  return Math.max(1, Math.ceil(Math.max(0, gatewayPageSize) / perSlackPage));
}

/** Where human Slack page `humanPage` (1-based over the whole result) lives. */
export interface SlackPageSpot {
  /** The gateway's page number (first page 0). */
  gatewayPage: number;
  /** Slice of that gateway page's orders: `orders.slice(start, end)`. */
  start: number;
  end: number;
}

/** Human Slack page → gateway page and slice, for gateway pages of `gatewayPageSize` orders. */
export function locateSlackPage(
  humanPage: number,
  gatewayPageSize: number,
  perSlackPage: number,
): SlackPageSpot {
  const perGateway = slackPagesOf(gatewayPageSize, perSlackPage);
  const index = Math.max(0, Math.floor(humanPage) - 1);
  const start = (index % perGateway) * perSlackPage;
  return {
    gatewayPage: Math.floor(index / perGateway),
    start,
    end: Math.min(start + perSlackPage, Math.max(0, gatewayPageSize)),
  };
}

/** Slack pages needed for `totalOrders` fetched in gateway pages of `gatewayPageSize` (at least 1). */
export function totalSlackPages(
  totalOrders: number,
  gatewayPageSize: number,
  perSlackPage: number,
): number {
  if (gatewayPageSize < 1 || totalOrders <= 0) return 1;
  const full = Math.floor(totalOrders / gatewayPageSize);
  const rest = totalOrders % gatewayPageSize;
  const pages = full * slackPagesOf(gatewayPageSize, perSlackPage) + Math.ceil(rest / perSlackPage);
  return Math.max(1, pages);
}
