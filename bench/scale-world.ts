import type { SlackDouble } from '../src/slack-double/index.js';

/** What each installed workspace keeps live in the background. */
export interface WorldShape {
  workspaces: number;
  qrCodes: number;
  watches: number;
  subscriptions: number;
  /** Each subscription's `every=` (e.g. `1m`). */
  every: string;
}

/** A subscription as the gateway sees it: its token's workspace, its own owner id, its click. */
export interface MadeSubscription {
  workspace: number;
  ownerId: string;
  /** Epoch ms of the Subscribe click. */
  at: number;
}

/** Each of a workspace's subscriptions has a shop of its own, so the request log tells them apart. */
export const subscriptionOwner = (i: number) => `22019${String(i).padStart(5, '0')}`;

/** The OAuth app the double and the bot agree on. */
export const SCALE_CLIENT = { id: '7777.8888', secret: 'scale-oauth-client-secret' };

export const teamId = (w: number) => `TS${String(w).padStart(5, '0')}`;
/** Each workspace's own gateway token at the sandbox. */
export const gatewayToken = (w: number) => `scale-gw-${String(w).padStart(5, '0')}-token`;
const admin = (w: number) => `UA${String(w).padStart(5, '0')}`;

/** Runs `each` over 0..n-1, at most `width` at a time. */
export async function inParallel(
  n: number,
  width: number,
  each: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < n; i = next++) await each(i);
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, lane));
}

/** The whole install of workspace `w` through /slack/install and /slack/oauth_redirect. */
async function install(double: SlackDouble, base: string, w: number): Promise<void> {
  const start = await fetch(`${base}/slack/install`, { redirect: 'manual' });
  const state = new URL(start.headers.get('location') ?? 'http://x/').searchParams.get('state');
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const code = double.issueInstallCode({
    teamId: teamId(w),
    botToken: `xoxb-scale-${w}`,
    botUserId: `UB${teamId(w)}`,
  });
  const res = await fetch(
    `${base}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(state ?? '')}`,
    { headers: { cookie }, redirect: 'manual' },
  );
  if (res.status !== 200) throw new Error(`install of workspace ${w} answered ${res.status}`);
}

/** An admin of `w` saves its gateway token in /querydesk config; resolves once it is accepted. */
async function configure(double: SlackDouble, events: string, w: number): Promise<void> {
  const user = admin(w);
  double.addUser({ id: user, isAdmin: true });
  const views = double.views().length;
  await double.sendCommand(events, {
    command: '/querydesk',
    text: 'config',
    user,
    team: teamId(w),
  });
  const modal = await double.waitFor(
    () =>
      double
        .views()
        .slice(views)
        .find((v) => v.view),
    20_000,
  );
  const accepted = () =>
    double.messages().filter((m) => !m.ephemeral && /accepted/i.test(m.text)).length;
  const before = accepted();
  await double.sendViewSubmission(events, {
    viewId: modal.id,
    user,
    team: teamId(w),
    values: { gateway_token: { gateway_token: gatewayToken(w) } },
  });
  await double.waitFor(() => accepted() > before || undefined, 20_000);
}

/** Installs every workspace (through `base`) and sets each one's own gateway token. */
export async function installWorkspaces(
  double: SlackDouble,
  base: string,
  events: string,
  n: number,
): Promise<void> {
  await inParallel(n, 8, (w) => install(double, base, w));
  // One at a time: the settings modal is matched to its workspace by order of opening.
  for (let w = 0; w < n; w++) await configure(double, events, w);
}

type Message = ReturnType<SlackDouble['messages']>[number];

/**
 * The first message the bot posts (or edits) into each channel, kept as the double reports it:
 * waiting on thousands of items must not scan every message the double holds on each change.
 */
export function channelWatch(double: SlackDouble) {
  const seen = new Map<string, Message>();
  const waiting = new Map<string, (m: Message) => void>();
  const off = double.on('change', (c) => {
    if (c.kind !== 'message' || c.action === 'deleted') return;
    const m = c.message;
    const keys = [
      `any:${m.channel}`,
      m.ephemeral ? `eph:${m.channel}/${m.visibleTo}` : `pub:${m.channel}`,
    ];
    for (const key of keys) {
      if (!seen.has(key)) seen.set(key, m);
      waiting.get(key)?.(m);
      waiting.delete(key);
    }
  });
  return {
    off,
    /** The first message in `channel`: any, the first everyone sees, or the first only `user` sees. */
    first(
      channel: string,
      who: 'any' | 'pub' | { user: string },
      timeoutMs = 60_000,
    ): Promise<Message> {
      const key = typeof who === 'string' ? `${who}:${channel}` : `eph:${channel}/${who.user}`;
      const had = seen.get(key);
      if (had) return Promise.resolve(had);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(key);
          reject(new Error(`nothing posted in ${key} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(key, (m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
  };
}

export type Watch = ReturnType<typeof channelWatch>;

/** Sends a command in a channel of its own and waits for the first message there. */
export async function commandIn(
  double: SlackDouble,
  seen: Watch,
  events: string,
  input: { command: string; text: string; user: string; team: string; channel: string },
  privately = false,
  timeoutMs = 60_000,
): Promise<Message> {
  const ack = await double.sendCommand(events, input);
  if (ack.status !== 200) throw new Error(`${input.command} answered ${ack.status}`);
  return seen.first(input.channel, privately ? { user: input.user } : 'any', timeoutMs);
}

/**
 * `/shoporders subscribe` in `where.channel`, then **Subscribe** on its preview; resolves once the
 * subscription's message is posted, with the click's moment (epoch ms).
 */
export async function subscribe(
  double: SlackDouble,
  seen: Watch,
  target: string,
  where: { team: string; channel: string; user: string },
  sub: { ownerId: string; every: string },
  timeoutMs = 60_000,
): Promise<number> {
  const text = `subscribe ${sub.ownerId} every=${sub.every}`;
  const shown = await commandIn(
    double,
    seen,
    target,
    { command: '/shoporders', text, ...where },
    true,
    timeoutMs,
  );
  if (!JSON.stringify(shown.blocks).includes('qd_subscribe')) {
    throw new Error(`no Subscribe button in ${where.channel}: ${shown.text.slice(0, 200)}`);
  }
  const at = Date.now();
  await double.sendAction(target, { actionId: 'qd_subscribe', messageTs: shown.ts, ...where });
  await seen.first(where.channel, 'pub', timeoutMs);
  return at;
}
