import type { WebClient } from '@slack/web-api';
import type { ExportKind } from '../../exports/index.js';
import type { AppDeps } from '../deps.js';

/** The most an export can cost: ⌈EXPORT_MAX_ROWS ÷ rows per page⌉ pages at the last price. */
export function exportEstimate(
  maxRows: number,
  rowsPerPage: number,
  price: number | undefined,
): number | undefined {
  return price === undefined ? undefined : Math.ceil(maxRows / rowsPerPage) * price;
}

/** Rows one page of an export fetches: a shop-orders page's size, a coupon page's limit. */
export function rowsPerPage(kind: ExportKind, args: unknown): number {
  const a = args as { input?: { pageSize?: number }; limit?: number };
  const n = kind === 'shopOrders' ? a.input?.pageSize : a.limit;
  return n && n > 0 ? n : 1;
}

/** Above the amount, or of a price not known yet while an amount is set. */
export function needsApproval(above: number | undefined, estimate: number | undefined): boolean {
  return above !== undefined && (estimate === undefined || estimate > above);
}

/**
 * Who may approve `askerId`'s request: the workspace's "Approvers", else its admins and owners
 * (users.list, every page), never the asker, never a bot or a deactivated account.
 */
export async function approversFor(
  deps: Pick<AppDeps, 'settings'>,
  client: WebClient,
  teamId: string,
  askerId: string,
): Promise<string[]> {
  const named = (await deps.settings.approvalRules(teamId)).approvers;
  if (named.length > 0) return named.filter((id) => id !== askerId);
  const found: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await client.users.list({ limit: 200, ...(cursor ? { cursor } : {}) });
    for (const m of res.members ?? []) {
      if (!m.id || m.id === askerId || m.deleted || m.is_bot) continue;
      if (m.is_admin || m.is_owner) found.push(m.id);
    }
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return found;
}
