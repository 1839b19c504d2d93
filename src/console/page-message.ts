import type { LiveOrderView, QrSessionView, QrStatus } from '../sandbox/index.js';
import type { DoubleState } from '../slack-double/state.js';
import type { DoubleMessage } from '../slack-double/types.js';
import { SLACKBOT_USER } from './local-slack.js';

export interface PageFile {
  id: string;
  title: string;
  name: string;
  url: string;
  isImage: boolean;
}

/** A message the way the page draws it. */
export interface PageMessage {
  channel: string;
  ts: string;
  user: string;
  author: string;
  isBot: boolean;
  text: string;
  blocks: unknown[];
  files: PageFile[];
  ephemeral: boolean;
  edited: boolean;
  /** The parent's ts, for a reply in a thread. */
  threadTs?: string;
  /** The sandbox QR session this message is about, when one is named in it. */
  qr?: { session: string; status: QrStatus };
  /** The sandbox's live (movable) order this channel message is about, when one is named in it. */
  order?: { orderNumber: string; status: number; notified: boolean };
}

const IMAGE = /\.(png|jpe?g|gif|webp|svg)$/i;

/** How the page draws a stored message: its author's name, files, thread and sandbox controls. */
export function pageMessages(
  state: DoubleState,
  params: { sessions: () => QrSessionView[]; orders?: () => LiveOrderView[] },
): { author(id: string): string; message(m: DoubleMessage): PageMessage } {
  const author = (id: string): string => {
    if (id === state.id.botUserId) return 'querydesk';
    if (id === SLACKBOT_USER) return 'Slackbot';
    return state.users.get(id)?.realName ?? id;
  };

  const qrOf = (m: DoubleMessage): PageMessage['qr'] => {
    const haystack = `${m.text}\n${JSON.stringify(m.blocks)}\n${m.files.map((f) => `${f.title} ${f.name}`).join(' ')}`;
    const found = params.sessions().find((s) => s.sessionId && haystack.includes(s.sessionId));
    return found ? { session: found.sessionId, status: found.status } : undefined;
  };

  // Only a top-level channel message (the watched order's card) gets the controls, not its replies.
  const orderOf = (m: DoubleMessage): PageMessage['order'] => {
    if (m.ephemeral || m.threadTs) return undefined;
    const haystack = `${m.text}\n${JSON.stringify(m.blocks)}`;
    const found = params.orders?.().find((o) => haystack.includes(o.orderNumber));
    return found
      ? { orderNumber: found.orderNumber, status: found.status, notified: found.notified }
      : undefined;
  };

  const message = (m: DoubleMessage): PageMessage => ({
    channel: m.channel,
    ts: m.ts,
    user: m.user,
    author: author(m.user),
    isBot: m.botId !== undefined,
    text: m.text,
    blocks: m.blocks,
    files: m.files.map((f) => ({
      id: f.id,
      title: f.title,
      name: f.name,
      url: `/console/files/${encodeURIComponent(f.id)}`,
      isImage: IMAGE.test(f.name),
    })),
    ephemeral: m.ephemeral,
    edited: m.edits > 0,
    ...(m.threadTs && m.threadTs !== m.ts ? { threadTs: m.threadTs } : {}),
    qr: qrOf(m),
    order: orderOf(m),
  });

  return { author, message };
}
