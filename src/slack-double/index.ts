/**
 * A Slack double: a small HTTP server that answers like https://slack.com/api/ for the methods
 * a bot uses, keeps what it was sent in memory, and sends the bot signed requests as Slack would.
 * Point the Web API client's `slackApiUrl` at `double.apiUrl`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FunctionExecutedInput,
  type FunctionExecutedResult,
  sendFunctionExecuted,
} from './function-executed.js';
import {
  type ActionInput,
  type CommandInput,
  commandRequest,
  type SubmissionInput,
  sendAction,
  sendCommand,
  sendEvent,
  sendViewSubmission,
} from './interactions.js';
import { createResponseUrl } from './response-url.js';
import { handler } from './server.js';
import { type ShortcutInput, sendShortcut, shortcutRequest } from './shortcuts.js';
import { type DoubleExecution, DoubleState, type InstallGrant } from './state.js';
import type {
  AckResult,
  DoubleCall,
  DoubleChange,
  DoubleChannel,
  DoubleFile,
  DoubleMessage,
  DoubleUser,
  DoubleView,
  FailureSpec,
  OutageSpec,
  SlackDoubleOptions,
} from './types.js';

export type { FunctionExecutedInput, FunctionExecutedResult } from './function-executed.js';
export { DEFAULT_CHANNEL, DEFAULT_USER } from './interactions.js';
export { signedHeaders, slackSignature } from './signing.js';
export type { DoubleCompletion, DoubleExecution, InstallGrant } from './state.js';
export type * from './types.js';
export type { ActionInput, CommandInput, ShortcutInput, SubmissionInput };

export interface SlackDouble {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** What to give the Web API client as `slackApiUrl`: `${url}/api/`. */
  readonly apiUrl: string;
  readonly teamId: string;
  readonly botUserId: string;
  readonly botId: string;
  readonly botToken: string;
  readonly signingSecret: string;
  /** Every Web API call so far, in order (also `response_url` posts and file uploads). */
  readonly calls: readonly DoubleCall[];
  /** Calls of one method. */
  callsTo(method: string): DoubleCall[];
  /** Messages now in `channel` (or everywhere), oldest first, edits applied. */
  messages(channel?: string): DoubleMessage[];
  files(): DoubleFile[];
  views(): DoubleView[];
  addChannel(channel: Partial<DoubleChannel> & { id: string }): void;
  addUser(user: Partial<DoubleUser> & { id: string }): void;
  /** A fresh trigger_id for `user`, as if they had just clicked something. */
  trigger(user: string): string;
  /** A response_url on the double; with `messageTs`, replace/delete_original act on that message. */
  responseUrl(channel: string, user: string, opts?: { messageTs?: string }): string;
  /** The next call of `method` fails this way (queue several by calling again). */
  failNext(method: string, failure?: FailureSpec): void;
  /**
   * For `spec.ms` from now, Web API calls (of `spec.methods`, or all) answer HTTP 429 with
   * Retry-After and HTTP 503 in turn, doing nothing: Slack having a bad minute.
   */
  outage(spec: OutageSpec): void;
  /** Resolves with the predicate's first truthy value, re-checked on every change. */
  waitFor<T>(predicate: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  /** Live updates; returns an unsubscribe function. */
  on(event: 'change', listener: (change: DoubleChange) => void): () => void;
  /** Signed slash command to the bot's `/slack/events` URL. */
  sendCommand(target: string, input: CommandInput): Promise<AckResult>;
  /** The signed request sendCommand would post, built now and not sent. */
  commandRequest(input: CommandInput): { body: string; headers: Record<string, string> };
  /**
   * Signed shortcut: a message shortcut (`message_action`, with the message and its channel) when
   * `input.message` is given, else a global one.
   */
  sendShortcut(target: string, input: ShortcutInput): Promise<AckResult>;
  /** The signed request sendShortcut would post, built now and not sent. */
  shortcutRequest(input: ShortcutInput): { body: string; headers: Record<string, string> };
  /** Signed block_actions for an element of a stored message or view. */
  sendAction(target: string, input: ActionInput): Promise<AckResult>;
  /** Signed view_submission of a stored open modal; the ack is applied to the view stack. */
  sendViewSubmission(target: string, input: SubmissionInput): Promise<AckResult>;
  /**
   * Signed event_callback around `event` (from `team`, by default the double's own; with
   * `enterprise`, a workspace of that Grid organisation, the app installed org-wide or not).
   */
  sendEvent(
    target: string,
    event: { type: string } & Record<string, unknown>,
    team?: string,
    enterprise?: CommandInput['enterprise'],
  ): Promise<AckResult>;
  /**
   * A signed `function_executed` (a workflow reached one of the app's steps) with a fresh
   * execution and token; with `executionId`, the same delivery again (a retry).
   */
  sendFunctionExecuted(
    target: string,
    input: FunctionExecutedInput,
  ): Promise<FunctionExecutedResult>;
  /** The executions sent so far, with the completion each got (functions.complete*), if any. */
  executions(): DoubleExecution[];
  /** The OAuth app the double accepts in oauth.v2.access. */
  setOAuthClient(clientId: string, clientSecret: string): void;
  /** A code Slack would hand the browser after someone approves the install; exchanged once. */
  issueInstallCode(grant: InstallGrant): string;
  /** The bot token stops working (as after an uninstall). */
  revokeToken(token: string): void;
  close(): Promise<void>;
}

export async function startSlackDouble(opts: SlackDoubleOptions = {}): Promise<SlackDouble> {
  const state = new DoubleState(
    {
      teamId: opts.teamId ?? 'T0DOUBLE01',
      teamDomain: opts.teamDomain ?? 'double',
      botUserId: opts.botUserId ?? 'U0BOT00001',
      botId: opts.botId ?? 'B0BOT00001',
      botToken: opts.botToken ?? 'xoxb-double-token',
      appId: opts.appId ?? 'A0DOUBLE01',
      signingSecret: opts.signingSecret ?? 'double-signing-secret',
      triggerTtlMs: opts.triggerTtlMs ?? 3000,
    },
    opts.now ?? (() => new Date()),
  );
  let url = '';
  const server = createServer(handler(state, () => url));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address() satisfies AddressInfo | string | null;
  if (address === null || typeof address === 'string')
    throw new Error('slack double: no TCP address');
  url = `http://127.0.0.1:${address.port}`;
  const ctx = { state, baseUrl: url };

  const on = (_event: 'change', listener: (change: DoubleChange) => void) => {
    state.events.on('change', listener);
    return () => {
      state.events.off('change', listener);
    };
  };

  return {
    url,
    apiUrl: `${url}/api/`,
    teamId: state.id.teamId,
    botUserId: state.id.botUserId,
    botId: state.id.botId,
    botToken: state.id.botToken,
    signingSecret: state.id.signingSecret,
    get calls() {
      return state.calls;
    },
    callsTo: (method) => state.calls.filter((c) => c.method === method),
    messages: (channel) => state.messages(channel),
    files: () => [...state.files.values()].map((f) => ({ ...f })),
    views: () => [...state.views.values()].map((v) => structuredClone(v)),
    addChannel: (channel) => {
      const existing = state.channel(channel.id);
      Object.assign(existing, channel);
    },
    addUser: (user) => {
      const existing = state.user(user.id);
      Object.assign(existing, user);
    },
    trigger: (user) => state.mintTrigger(user),
    responseUrl: (channel, user, o) =>
      createResponseUrl(state, url, { channel, user, messageTs: o?.messageTs }),
    failNext: (method, failure = {}) => {
      state.failures.set(method, [...(state.failures.get(method) ?? []), failure]);
    },
    outage: (spec) => {
      state.outage = { ...spec, until: state.now().getTime() + spec.ms, served: 0 };
    },
    waitFor: (predicate, timeoutMs = 2000) => waitFor(on, predicate, timeoutMs),
    on,
    sendCommand: (target, input) => sendCommand(ctx, target, input),
    commandRequest: (input) => commandRequest(ctx, input),
    sendShortcut: (target, input) => sendShortcut(ctx, target, input),
    shortcutRequest: (input) => shortcutRequest(ctx, input),
    sendAction: (target, input) => sendAction(ctx, target, input),
    sendViewSubmission: (target, input) => sendViewSubmission(ctx, target, input),
    sendEvent: (target, event, team, enterprise) => sendEvent(ctx, target, event, team, enterprise),
    sendFunctionExecuted: (target, input) => sendFunctionExecuted(state, target, input),
    executions: () => [...state.executions.values()].map((e) => structuredClone(e)),
    setOAuthClient: (clientId, clientSecret) => {
      state.oauthClient = { clientId, clientSecret };
    },
    issueInstallCode: (grant) => {
      const code = state.nextId('code-');
      state.installCodes.set(code, grant);
      return code;
    },
    revokeToken: (token) => {
      state.grantedTokens.delete(token);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function waitFor<T>(
  on: SlackDouble['on'],
  predicate: () => T | undefined | null | false,
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const first = predicate();
    if (first) return resolve(first);
    const timer = setTimeout(() => {
      off();
      reject(new Error(`slack double: condition not met within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = on('change', () => {
      const value = predicate();
      if (!value) return;
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}
