/** One Web API call the double received (failed ones too), token left out. */
export interface DoubleCall {
  method: string;
  args: Record<string, unknown>;
  at: Date;
  /**
   * The last 4 characters of the token the call carried (bearer or `token` argument): which
   * installation spoke, without keeping the token itself.
   */
  tokenLast4?: string;
  /** The Slack error the double answered with, when it did not answer ok. */
  error?: string;
}

export interface DoubleFileRef {
  id: string;
  title: string;
  name: string;
}

/** A message as a person would see it now: edits applied, deleted ones gone. */
export interface DoubleMessage {
  channel: string;
  ts: string;
  /** Author: the bot's user id for bot posts. */
  user: string;
  /** Set for messages the bot posted. */
  botId?: string;
  text: string;
  blocks: unknown[];
  files: DoubleFileRef[];
  ephemeral: boolean;
  /** For ephemeral messages: the only user who sees it. */
  visibleTo?: string;
  threadTs?: string;
  /** How many times it was edited (chat.update or response_url replace_original). */
  edits: number;
  /** Where it came from. */
  via: 'chat.postMessage' | 'chat.postEphemeral' | 'response_url' | 'files.completeUploadExternal';
}

export interface DoubleFile {
  id: string;
  title: string;
  name: string;
  /** Empty until the upload POST arrives. */
  bytes: Buffer;
  uploaded: boolean;
  completed: boolean;
  /** Channel it was shared into by files.completeUploadExternal, if any. */
  channel?: string;
}

export interface DoubleView {
  id: string;
  user: string;
  type: 'modal' | 'home';
  /** The view as the bot last sent it. */
  view: Record<string, unknown>;
  hash: string;
  externalId?: string;
  rootViewId: string;
  previousViewId?: string;
  /** What happened to it last. */
  lastAction: 'opened' | 'pushed' | 'updated' | 'published';
  /** A modal closed by the user or by a view_submission ack; home tabs stay open. */
  open: boolean;
}

export interface DoubleChannel {
  id: string;
  name: string;
  isPrivate: boolean;
  isIm: boolean;
  botIsMember: boolean;
}

export interface DoubleUser {
  id: string;
  name: string;
  realName: string;
  isAdmin: boolean;
  /** A workspace owner (`is_owner`); absent: not one. */
  isOwner?: boolean;
  tz: string;
  /** Slack's language for the person (`en-US`, `zh-CN`, …); `users.info` gives it with include_locale. */
  locale: string;
}

export type DoubleChange =
  | { kind: 'call'; call: DoubleCall }
  | { kind: 'message'; action: 'posted' | 'updated' | 'deleted'; message: DoubleMessage }
  | { kind: 'file'; file: DoubleFile }
  | { kind: 'view'; view: DoubleView };

export interface FailureSpec {
  /** Slack error code for an HTTP 200 `{ok:false,error}` answer, e.g. `not_in_channel`. */
  error?: string;
  /** 429 answers with Retry-After; 500 and 503 answer `{ok:false}` with that HTTP status. */
  status?: 429 | 500 | 503;
  /** The connection is cut without an answer (a network failure). */
  network?: true;
  /** Seconds for Retry-After (default 1). */
  retryAfter?: number;
}

export interface OutageSpec {
  /** How long, from now. */
  ms: number;
  /** Only these Web API methods (default: every method). response_url posts are never affected. */
  methods?: string[];
  /** Seconds sent in Retry-After with each 429 (default 1). */
  retryAfter?: number;
}

export interface SlackDoubleOptions {
  /** Default 0: a port chosen by the OS. Listens on 127.0.0.1. */
  port?: number;
  teamId?: string;
  teamDomain?: string;
  botUserId?: string;
  botId?: string;
  botToken?: string;
  appId?: string;
  /** Used by sendCommand/sendAction/sendViewSubmission/sendEvent to sign requests. */
  signingSecret?: string;
  /** Clock for ts values, expiries and request timestamps. */
  now?: () => Date;
  /** How long a trigger_id stays usable (Slack: 3 s). */
  triggerTtlMs?: number;
}

/** What a signed request to the bot got back. */
export interface AckResult {
  status: number;
  /** Raw response body. */
  body: string;
  /** The body parsed as JSON, when it was JSON. */
  json?: unknown;
}
