import { extraWaitingOrder, type QrSessionView, SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { DoubleMessage, SlackDouble } from '../src/slack-double/index.js';
import { seededRandom } from './random.js';
import type { SandboxProcess } from './sandbox-process.js';
import { commandIn, subscribe, teamId, type Watch } from './scale-world.js';
import { percentile, ratio, round } from './stats.js';

/** The three things a person waits for in the background. */
export const PROBE_KINDS = ['qrScan', 'watchPaid', 'newOrder'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** The shop of the `k`-th subscription probe: its own, so its new order is its alone. */
export const probeOwner = (k: number) => `22018${String(k).padStart(5, '0')}`;

export interface ProbeContext {
  double: SlackDouble;
  seen: Watch;
  sandbox: SandboxProcess;
  /** The bot's events URL the probing workspace's commands go to. */
  target: string;
  /** The probing workspace (the quiet one). */
  workspace: number;
  watchIntervalMs: number;
  every: { text: string; ms: number };
  /** QR codes are scanned between 5 s and 5 s + this after they are shown (in the dense minute). */
  scanWithinMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Epoch ms of the first change in `channel` from now on that `pred` accepts. */
function changeIn(
  double: SlackDouble,
  channel: string,
  pred: (m: DoubleMessage, action: string) => boolean,
  timeoutMs: number,
): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(null);
    }, timeoutMs);
    const off = double.on('change', (c) => {
      if (c.kind !== 'message' || c.message.channel !== channel || !pred(c.message, c.action))
        return;
      clearTimeout(timer);
      off();
      resolve(Date.now());
    });
  });
}

/**
 * One probe: makes its item through Slack, waits `delayMs`, makes the thing happen at the sandbox
 * and times until Slack shows it (epoch ms on both sides); null when it never did.
 */
async function probe(c: ProbeContext, kind: ProbeKind, k: number, delay: number) {
  const team = teamId(c.workspace);
  const user = `UP${kind}${k}`;
  const channel = `CP${kind}${k}`;
  const timeoutMs = 3 * Math.max(c.watchIntervalMs, c.every.ms) + 30_000;
  let seen: Promise<number | null>;
  let at: number;
  if (kind === 'qrScan') {
    const mark = `probe${k}`;
    const shown = await commandIn(c.double, c.seen, c.target, {
      command: '/qr',
      text: mark,
      user,
      team,
      channel,
    });
    // Its first message is a placeholder: the session exists once the gateway made it.
    let session: QrSessionView | undefined;
    for (let i = 0; i < 300 && !session; i++) {
      session = (await c.sandbox.sessions()).find((s) => s.mediaMark === mark);
      if (!session) await sleep(100);
    }
    if (!session) throw new Error(`no QR session for ${mark}: ${shown.text.slice(0, 300)}`);
    await sleep(session.createdAt + delay - Date.now());
    const scanned = `QR login for ${mark}: scanned`;
    seen = changeIn(c.double, channel, (m) => m.text.startsWith(scanned), timeoutMs);
    ({ at } = await c.sandbox.control({ kind: 'scan', sessionId: session.sessionId }));
  } else if (kind === 'watchPaid') {
    const order = extraWaitingOrder(k);
    const text = `watch ${order} ${SANDBOX_EXAMPLES.payOrder.merchantNum} type=platform`;
    await commandIn(c.double, c.seen, c.target, {
      command: '/payorder',
      text,
      user,
      team,
      channel,
    });
    await sleep(delay);
    // The card is edited and its thread told; either is the change seen.
    seen = changeIn(c.double, channel, () => true, timeoutMs);
    ({ at } = await c.sandbox.control({ kind: 'pay', orderNumber: order }));
  } else {
    const ownerId = probeOwner(k);
    await subscribe(
      c.double,
      c.seen,
      c.target,
      { team, channel, user },
      {
        ownerId,
        every: c.every.text,
      },
    );
    await sleep(delay);
    seen = changeIn(
      c.double,
      channel,
      (m, action) => action === 'posted' && !m.ephemeral,
      timeoutMs,
    );
    ({ at } = await c.sandbox.control({ kind: 'newOrder', ownerId }));
  }
  const shown = await seen;
  return shown === null ? null : shown - at;
}

/**
 * `samples` probes of each kind at once, numbered from `first` (each item its own), each thing
 * made to happen at a random moment: a scan in the code's dense first minute, a payment and a new
 * order within one interval of the watch or subscription.
 */
export async function probes(
  c: ProbeContext,
  first: number,
  samples: number,
): Promise<Record<ProbeKind, (number | null)[]>> {
  const random = seededRandom(first + 1);
  const delays: Record<ProbeKind, number> = {
    qrScan: c.scanWithinMs,
    watchPaid: c.watchIntervalMs,
    newOrder: c.every.ms,
  };
  const run = (kind: ProbeKind) =>
    Promise.all(
      Array.from({ length: samples }, async (_, j) => {
        await sleep(j * 500);
        const delay = (kind === 'qrScan' ? 5_000 : 0) + random() * delays[kind];
        // A probe whose item was never made (no answer in time) is a probe never shown.
        return probe(c, kind, first + j, delay).catch(() => null);
      }),
    );
  const [qrScan, watchPaid, newOrder] = await Promise.all(PROBE_KINDS.map(run));
  return { qrScan: qrScan!, watchPaid: watchPaid!, newOrder: newOrder! };
}

/** Quiet and loaded p90 of each probe, their ratio, and the probes never seen. */
export function probeFigures(
  quiet: Record<ProbeKind, (number | null)[]>,
  loaded: Record<ProbeKind, (number | null)[]>,
) {
  const p90 = (xs: (number | null)[]) => {
    const v = xs.filter((x): x is number => x !== null);
    return v.length ? round(percentile(v, 0.9)) : null;
  };
  const out: Record<string, number | null> = {};
  for (const kind of PROBE_KINDS) {
    const q = p90(quiet[kind]);
    const l = p90(loaded[kind]);
    out[`${kind}QuietP90Ms`] = q;
    out[`${kind}LoadedP90Ms`] = l;
    out[`${kind}LoadedOverQuiet`] = ratio(l, q);
    out[`${kind}Samples`] = loaded[kind].length;
    out[`${kind}NeverShown`] = [...quiet[kind], ...loaded[kind]].filter((x) => x === null).length;
  }
  return out;
}
