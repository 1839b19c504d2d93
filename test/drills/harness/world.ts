import pg from 'pg';
import { SANDBOX_EXAMPLES as X } from '../../../src/sandbox/index.js';
import type { DoubleMessage, SlackDouble } from '../../../src/slack-double/index.js';
import { until } from './bot-process.js';

export const CHANNEL = 'C0DRILL001';
export const GATEWAY_TOKEN = 'drill-token';

/**
 * Paid and free lookups in turn, each ending in one ephemeral answer. Page sizes vary with `i` so
 * no two are the same query: each goes to the gateway instead of the shared cache of pages.
 */
function commandFor(i: number): { command: string; text: string } {
  const n = Math.floor(i / 5);
  const mix = [
    { command: '/shoporders', text: `${X.shopOrders.ownerId} size=${10 + (n % 90)}` },
    { command: '/payorder', text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}` },
    { command: '/coupons', text: `${X.coupons.sid} size=${10 + n}` },
    { command: '/punishments', text: `${X.punishments.platformUserId} size=${10 + (n % 90)}` },
    { command: '/account', text: X.account.mediaMark },
  ];
  return mix[i % mix.length]!;
}

export interface Sent {
  user: string;
  command: string;
  ackStatus: number;
}

/** The environment every drill replica gets: the Slack double, the sandbox, a database. */
export function botEnv(
  double: SlackDouble,
  gatewayUrl: string,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: double.botToken,
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    GATEWAY_BASE_URL: gatewayUrl,
    GATEWAY_TOKEN,
    ...extra,
  };
}

/**
 * `count` commands from distinct users, one every `spacingMs`, spread round robin over the
 * replicas' event URLs as a load balancer would. Resolves when the last one is acknowledged.
 */
export async function sendBurst(
  double: SlackDouble,
  targets: () => string[],
  opts: { count: number; spacingMs: number; users: string },
): Promise<Sent[]> {
  const acks: Promise<Sent>[] = [];
  for (let i = 0; i < opts.count; i++) {
    const { command, text } = commandFor(i);
    const user = `${opts.users}${String(i).padStart(3, '0')}`;
    const all = targets();
    const target = all[i % all.length]!;
    acks.push(
      double
        .sendCommand(target, { command, text, user, channel: CHANNEL })
        .then((ack) => ({ user, command, ackStatus: ack.status }))
        .catch(() => ({ user, command, ackStatus: 0 })),
    );
    await new Promise((r) => setTimeout(r, opts.spacingMs));
  }
  return Promise.all(acks);
}

/** What each user now sees as the answer to their command (the latest ephemeral to them). */
export function answersTo(double: SlackDouble, users: string[]): Map<string, DoubleMessage[]> {
  const byUser = new Map<string, DoubleMessage[]>(users.map((u) => [u, []]));
  for (const m of double.messages()) {
    if (m.ephemeral && m.visibleTo && byUser.has(m.visibleTo)) byUser.get(m.visibleTo)!.push(m);
  }
  return byUser;
}

/** Waits until each sent command has an answer; the error names the commands still without one. */
export async function everyCommandAnswered(
  double: SlackDouble,
  sent: Sent[],
  timeoutMs: number,
): Promise<Map<string, DoubleMessage[]>> {
  const users = sent.map((s) => s.user);
  await until(
    'every command answered',
    () => [...answersTo(double, users).values()].every((a) => a.length > 0),
    timeoutMs,
  ).catch((err: Error) => {
    const missing = [...answersTo(double, users)].filter(([, a]) => a.length === 0);
    const what = missing.map(([u]) => `${sent.find((s) => s.user === u)?.command} from ${u}`);
    throw new Error(`${err.message}; unanswered: ${what.join(', ')}`);
  });
  return answersTo(double, users);
}

/** An error card's first block starts with one of the warning emojis; a result card does not. */
export function isErrorCard(m: DoubleMessage): boolean {
  const first = m.blocks[0] as { text?: { text?: string } } | undefined;
  return /^\*:(x|warning|no_entry):/.test(first?.text?.text ?? '');
}

/**
 * The charges the gateway confirmed in querydesk's ledger: points by kind and operation. Entries
 * of calls whose charge was unknown are left out: querydesk holds them at the operation's price
 * (and settles them at the next answer's price), while the sandbox's faults never charge.
 */
export async function ledgerTotals(url: string): Promise<{
  charged: number;
  refunded: number;
  byOperation: Record<string, { charged: number; refunded: number }>;
}> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ operation: string; kind: string; points: string }>(
      'select operation, kind, sum(points)::text as points from ledger_entries where charge_unknown = 0 group by operation, kind',
    );
    const byOperation: Record<string, { charged: number; refunded: number }> = {};
    let charged = 0;
    let refunded = 0;
    for (const r of rows) {
      const line = byOperation[r.operation] ?? { charged: 0, refunded: 0 };
      byOperation[r.operation] = line;
      const points = Number(r.points);
      if (r.kind === 'refund') {
        line.refunded += points;
        refunded += points;
      } else {
        line.charged += points;
        charged += points;
      }
    }
    for (const [op, l] of Object.entries(byOperation)) {
      if (!l.charged && !l.refunded) delete byOperation[op];
    }
    return { charged, refunded, byOperation };
  } finally {
    await client.end();
  }
}

/**
 * Entries flagged "maybe charged": paid calls that failed after they may have reached the
 * gateway (never sent again, held at the operation's last known price).
 */
export async function maybeChargedEntries(
  url: string,
): Promise<{ operation: string; points: number; requestId: string }[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ operation: string; points: string; request_id: string }>(
      'select operation, points::text as points, request_id from ledger_entries where charge_unknown = 1',
    );
    return rows.map((r) => ({
      operation: r.operation,
      points: Number(r.points),
      requestId: r.request_id,
    }));
  } finally {
    await client.end();
  }
}

/** The sandbox's ledger in the same shape, operations with no points left out. */
export function sandboxTotals(snapshot: {
  charged: number;
  refunded: number;
  byOperation: Record<string, { charged: number; refunded: number }>;
}) {
  const byOperation: Record<string, { charged: number; refunded: number }> = {};
  for (const [op, l] of Object.entries(snapshot.byOperation)) {
    if (l.charged || l.refunded) byOperation[op] = { charged: l.charged, refunded: l.refunded };
  }
  return { charged: snapshot.charged, refunded: snapshot.refunded, byOperation };
}
