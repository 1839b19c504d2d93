import { EventEmitter } from 'node:events';
import type {
  DoubleCall,
  DoubleChange,
  DoubleChannel,
  DoubleFile,
  DoubleMessage,
  DoubleUser,
  DoubleView,
  FailureSpec,
  OutageSpec,
} from './types.js';

/** What a response_url answers for: the channel, the user, and the message it may replace. */
export interface ResponseTarget {
  channel: string;
  user: string;
  /** The message whose interaction produced the URL (block_actions). */
  messageTs?: string;
  /** The last message posted through this URL (slash commands replace that one). */
  lastTs?: string;
  uses: number;
  createdAt: number;
}

export interface Identity {
  teamId: string;
  teamDomain: string;
  botUserId: string;
  botId: string;
  botToken: string;
  appId: string;
  signingSecret: string;
  triggerTtlMs: number;
}

/** One workspace (or org) granting the app a bot token through oauth.v2.access. */
export interface InstallGrant {
  teamId: string;
  enterpriseId?: string;
  /** Enterprise Grid org-wide install. */
  orgWide?: boolean;
  botToken: string;
  botUserId: string;
}

/** One workflow step execution the double started with a `function_executed` event. */
export interface DoubleExecution {
  executionId: string;
  callbackId: string;
  team: string;
  inputs: Record<string, unknown>;
  token: string;
  /** The delivery's event_id, the same on a retry. */
  eventId: string;
  workflowExecutionId: string;
  /** Set by the first functions.completeSuccess or completeError. */
  completion?: DoubleCompletion;
}

export type DoubleCompletion =
  | { kind: 'success'; outputs: Record<string, unknown>; at: Date }
  | { kind: 'error'; error: string; at: Date };

/** Everything the double remembers, in memory; every change is announced on `events`. */
export class DoubleState {
  readonly events = new EventEmitter();
  readonly calls: DoubleCall[] = [];
  readonly channels = new Map<string, DoubleChannel>();
  readonly users = new Map<string, DoubleUser>();
  readonly files = new Map<string, DoubleFile>();
  readonly views = new Map<string, DoubleView>();
  /** Per user, the open modal stack (view ids, root first). */
  readonly stacks = new Map<string, string[]>();
  readonly homeViews = new Map<string, string>();
  readonly triggers = new Map<string, { user: string; issuedAt: number; used: boolean }>();
  readonly failures = new Map<string, FailureSpec[]>();
  /** An outage window: matching Web API calls fail, 429 (Retry-After) and HTTP 503 in turn. */
  outage: OutageSpec & { until: number; served: number } = { ms: 0, until: 0, served: 0 };
  readonly responseUrls = new Map<string, ResponseTarget>();
  /** OAuth: codes not yet exchanged, and every bot token it accepts besides its own. */
  readonly installCodes = new Map<string, InstallGrant>();
  readonly grantedTokens = new Map<string, InstallGrant>();
  oauthClient?: { clientId: string; clientSecret: string };
  /** Workflow step executions sent to the bot, by function_execution_id. */
  readonly executions = new Map<string, DoubleExecution>();
  /** Each live execution's token (valid until the execution completes), → its execution id. */
  readonly executionTokens = new Map<string, string>();
  private readonly messagesByChannel = new Map<string, DoubleMessage[]>();
  private seq = 0;

  constructor(
    readonly id: Identity,
    readonly now: () => Date,
  ) {
    this.events.setMaxListeners(0);
  }

  /** A Web API token the double answers to: its own, or one granted by an install. */
  knowsToken(token: string): boolean {
    return (
      token === this.id.botToken || this.grantedTokens.has(token) || this.executionTokens.has(token)
    );
  }

  emit(change: DoubleChange): void {
    this.events.emit('change', change);
  }

  nextId(prefix: string): string {
    this.seq++;
    return `${prefix}${this.seq.toString(36).toUpperCase().padStart(8, '0')}`;
  }

  /** Slack-like message timestamps: seconds, then a counter keeping them unique and ordered. */
  nextTs(): string {
    this.seq++;
    const seconds = Math.floor(this.now().getTime() / 1000);
    return `${seconds}.${String(this.seq % 1_000_000).padStart(6, '0')}`;
  }

  record(call: DoubleCall): void {
    this.calls.push(call);
    this.emit({ kind: 'call', call });
  }

  /** The failure an outage owes this call, if one is under way and covers the method. */
  takeOutage(method: string): 'ratelimited' | 'unavailable' | undefined {
    const o = this.outage;
    if (this.now().getTime() >= o.until) return undefined;
    if (o.methods && !o.methods.includes(method)) return undefined;
    o.served += 1;
    return o.served % 2 === 1 ? 'ratelimited' : 'unavailable';
  }

  takeFailure(method: string): FailureSpec | undefined {
    const queue = this.failures.get(method);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.failures.delete(method);
    return next;
  }

  channel(id: string): DoubleChannel {
    let ch = this.channels.get(id);
    if (!ch) {
      const isIm = id.startsWith('D');
      ch = {
        id,
        name: isIm ? id : id.toLowerCase(),
        isPrivate: id.startsWith('G'),
        isIm,
        botIsMember: true,
      };
      this.channels.set(id, ch);
    }
    return ch;
  }

  user(id: string): DoubleUser {
    let u = this.users.get(id);
    if (!u) {
      u = {
        id,
        name: `user_${id.toLowerCase()}`,
        realName: `User ${id}`,
        isAdmin: false,
        tz: 'Asia/Shanghai',
        locale: 'en-US',
      };
      this.users.set(id, u);
    }
    return u;
  }

  mintTrigger(user: string): string {
    const id = `${this.now().getTime()}.${this.nextId('')}.${Math.random().toString(16).slice(2, 10)}`;
    this.triggers.set(id, { user, issuedAt: this.now().getTime(), used: false });
    return id;
  }

  messages(channel?: string): DoubleMessage[] {
    const lists =
      channel === undefined
        ? [...this.messagesByChannel.values()]
        : [this.messagesByChannel.get(channel) ?? []];
    return lists
      .flat()
      .sort((a, b) => a.ts.localeCompare(b.ts, 'en', { numeric: true }))
      .map((m) => structuredClone(m));
  }

  findMessage(channel: string, ts: string): DoubleMessage | undefined {
    return this.messagesByChannel.get(channel)?.find((m) => m.ts === ts);
  }

  addMessage(message: DoubleMessage): DoubleMessage {
    const list = this.messagesByChannel.get(message.channel) ?? [];
    list.push(message);
    this.messagesByChannel.set(message.channel, list);
    this.emit({ kind: 'message', action: 'posted', message: structuredClone(message) });
    return message;
  }

  editMessage(
    message: DoubleMessage,
    edit: Partial<Pick<DoubleMessage, 'text' | 'blocks' | 'files'>>,
  ): void {
    Object.assign(message, edit);
    message.edits++;
    this.emit({ kind: 'message', action: 'updated', message: structuredClone(message) });
  }

  deleteMessage(message: DoubleMessage): void {
    const list = this.messagesByChannel.get(message.channel) ?? [];
    this.messagesByChannel.set(
      message.channel,
      list.filter((m) => m !== message),
    );
    this.emit({ kind: 'message', action: 'deleted', message: structuredClone(message) });
  }

  saveView(view: DoubleView): void {
    this.views.set(view.id, view);
    this.emit({ kind: 'view', view: structuredClone(view) });
  }

  saveFile(file: DoubleFile): void {
    this.files.set(file.id, file);
    this.emit({ kind: 'file', file: { ...file } });
  }
}
