import type { Generated, Kysely } from 'kysely';

/*
 * Every instant is UTC epoch milliseconds in a bigint column, so SQLite and PostgreSQL agree and
 * comparisons are plain integer comparisons. PostgreSQL bigint is read back as a JS number.
 * Booleans are 0/1 integers for the same reason.
 */

export type LedgerKind = 'charge' | 'refund';
/** An entry as the aggregates count it: a call that may have been charged is kept apart. */
export type LedgerTally = LedgerKind | 'unknown';

export interface LedgerEntriesTable {
  id: Generated<number>;
  workspace_id: string;
  user_id: string | null;
  channel_id: string | null;
  /** Operation name, e.g. `payOrder`. */
  operation: string;
  /** Always ≥ 0; the kind says which way the points went. */
  points: number;
  kind: LedgerKind;
  gateway_code: number;
  request_id: string;
  qr_session_id: string | null;
  created_at: number;
  /**
   * Local day (YYYY-MM-DD, SPEND_SUMMARY_TZ) the writer assigned; a trigger adds the entry to
   * that day's ledger_daily row. Null for entries written before migration 0004.
   */
  day: string | null;
  /**
   * What the trigger counts the entry as in ledger_daily.kind: its kind, or `unknown` for a
   * paid call that may have been charged (charge_unknown). Null before migration 0004.
   */
  tally: LedgerTally | null;
  /** 1: a paid call that may have been charged, amount unknown (points 0). Migration 0006. */
  charge_unknown: Generated<number>;
}

export type QrState = 1 | 2 | 3;
export type QrWatchState = 'watching' | 'done' | 'timed_out';

export interface QrSessionsTable {
  workspace_id: string;
  session_id: string;
  channel_id: string;
  user_id: string;
  media_mark: string;
  landing_page: string | null;
  url: string;
  message_ts: string | null;
  file_id: string | null;
  state: QrState;
  watch_state: QrWatchState;
  next_check_at: number;
  checks_made: number;
  points_charged: number;
  /** One watcher at a time: whoever holds an unexpired lease checks this session. */
  lease_owner: string | null;
  lease_until: number | null;
  /** The language the status message was posted in (0015); null reads as the workspace's. */
  locale: string | null;
  created_at: number;
  updated_at: number;
}

export interface SummaryRunsTable {
  workspace_id: string;
  /** The scheduled run's key (its scheduled instant); one summary per key. */
  period_key: string;
  claimed_at: number;
  sent_at: number | null;
  late: number;
}

export interface WorkspaceSettingsTable {
  workspace_id: string;
  daily_budget_points: number | null;
  summary_channel: string | null;
  /** Local day key (YYYY-MM-DD) on which the 80 % budget warning was posted. */
  budget_warned_day: string | null;
  /** The workspace's own gateway token, sealed (OAuth mode); never stored in clear. */
  gateway_token_enc: string | null;
  gateway_token_last4: string | null;
  /** JSON array of channel ids where paid commands may run; null/[]: anywhere. */
  paid_channels: string | null;
  /** JSON array of user ids who may run paid commands; null/[]: everyone. */
  paid_users: string | null;
  /** Language of what is posted into channels (`en`, `zh-CN`); null: English. */
  language: string | null;
  /** Work estimated above this many points asks for approval first (0019); null: never. */
  approval_above: number | null;
  /** JSON array of user ids who approve; null/[]: the workspace's admins and owners. */
  approvers: string | null;
  updated_at: number;
}

export interface PersonLanguagesTable {
  workspace_id: string;
  user_id: string;
  /** `/querydesk language`: `en`, `zh-CN`, or null (follow Slack, also what `auto` stores). */
  choice: string | null;
  /** The person's Slack locale as `users.info` last gave it; null: not looked up yet. */
  slack_locale: string | null;
  locale_seen_at: number | null;
  updated_at: number;
}

export interface InstallationsTable {
  /** enterprise_id for an org-wide install, team_id otherwise. */
  id: string;
  team_id: string | null;
  enterprise_id: string | null;
  bot_user_id: string | null;
  /** Encrypted with ENCRYPTION_KEY by the caller; the store never sees plain tokens. */
  bot_token_enc: string;
  gateway_token_enc: string | null;
  /** Encrypted full installation record (JSON) as Bolt hands it over, when kept. */
  installation_enc: string | null;
  installed_at: number;
  updated_at: number;
}

export interface Database {
  ledger_entries: LedgerEntriesTable;
  qr_sessions: QrSessionsTable;
  summary_runs: SummaryRunsTable;
  workspace_settings: WorkspaceSettingsTable;
  person_languages: PersonLanguagesTable;
  installations: InstallationsTable;
  shared_cache: SharedCacheTable;
  idempotency_keys: IdempotencyKeysTable;
  ledger_daily: LedgerDailyTable;
  ledger_state: LedgerStateTable;
  budget_reservations: BudgetReservationsTable;
  budget_locks: BudgetLocksTable;
  ledger_prices: LedgerPricesTable;
  ledger_price_peaks: LedgerPricePeaksTable;
  oauth_states: OauthStatesTable;
  audit_entries: AuditEntriesTable;
  job_claims: JobClaimsTable;
  team_enterprises: TeamEnterprisesTable;
}

/** A workspace's Enterprise Grid organisation (for its org-wide installation). */
export interface TeamEnterprisesTable {
  team_id: string;
  enterprise_id: string;
  updated_at: number;
}

export interface OauthStatesTable {
  state: string;
  /** JSON of the install options the state was issued with. */
  install_options: string;
  expires_at: number;
}

export interface AuditEntriesTable {
  id: Generated<number>;
  at: number;
  workspace_id: string;
  user_id: string | null;
  channel_id: string | null;
  /** What started the call: a slash command, a button, a form, or `background`. */
  command: string;
  operation: string;
  /** JSON of the call's parameters, phone numbers and receiver fields masked. */
  params: string;
  points: number;
  /** The gateway's code (`0` for success) or the transport failure's kind. */
  result_code: string;
  latency_ms: number;
  request_id: string;
  /**
   * `unconfirmed`: the call may have been charged, amount unknown (points are what is held);
   * `settled`: a later answer fixed it. Null otherwise. Migration 0011.
   */
  charge: string | null;
  /** Who approved the work that made this call (0019); null when it needed no approval. */
  approved_by: string | null;
}

export interface JobClaimsTable {
  job: string;
  period_key: string;
  claimed_at: number;
}

/** Points and calls per (workspace, local day, operation, user, kind): sums of ledger entries. */
export interface LedgerDailyTable {
  workspace_id: string;
  /** YYYY-MM-DD in the zone named by ledger_state `aggregate_zone`. */
  day: string;
  operation: string;
  /** '' when the entries have no user. */
  user_id: string;
  kind: LedgerTally;
  points: number;
  /** Entries summed (for charges: gateway calls). */
  calls: number;
}

export interface LedgerStateTable {
  name: string;
  value: string;
}

/** Points held for a paid call in flight until it settles (or the hold expires). */
export interface BudgetReservationsTable {
  id: string;
  workspace_id: string;
  operation: string;
  points: number;
  expires_at: number;
}

export interface BudgetLocksTable {
  workspace_id: string;
  taken_at: number;
}

/** The last charge seen per (workspace, operation): what a reservation holds for the next call. */
export interface LedgerPricesTable {
  workspace_id: string;
  operation: string;
  points: number;
  updated_at: number;
}

/** The largest charge seen per (workspace, operation, UTC day since the epoch). Migration 0011. */
export interface LedgerPricePeaksTable {
  workspace_id: string;
  operation: string;
  day: number;
  points: number;
}

export interface SharedCacheTable {
  cache_key: string;
  /** JSON, with Dates tagged so they come back as Dates. */
  value: string;
  expires_at: number;
}

/** A Slack delivery or user intent being handled; see store/idempotency.ts. */
export interface IdempotencyKeysTable {
  idem_key: string;
  expires_at: number;
}

export type StoreDialect = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;
