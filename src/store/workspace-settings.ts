import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales.js';
import type { Db } from './database.js';

export interface WorkspaceSettings {
  workspaceId: string;
  /** null: no workspace-specific budget (the DAILY_BUDGET_POINTS default applies). */
  dailyBudgetPoints: number | null;
  summaryChannel: string | null;
  budgetWarnedDay: string | null;
  /** The sealed gateway token (OAuth mode) and its last 4 characters, shown in the settings. */
  gatewayTokenSealed: string | null;
  gatewayTokenLast4: string | null;
  /** Where and by whom paid commands may run; empty: anywhere, anyone. */
  paidChannels: string[];
  paidUsers: string[];
  /** Language of what is posted into this workspace's channels. */
  language: Locale;
  /** Work estimated above this many points needs approval first; null: never. */
  approvalAbove: number | null;
  /** Who approves; empty: the workspace's admins and owners. */
  approvers: string[];
  updatedAt: Date;
}

function idList(json: string | null): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Each thread's reads of workspace settings, several per command and per background check: on
 * PostgreSQL remembered while a change feed listens (settings-feed.ts), on SQLite read each time
 * (an in-process read, no round trip to save).
 */
export interface SettingsReader {
  read(workspaceId: string): Promise<WorkspaceSettings | undefined>;
  /**
   * This thread has just written the row: its next read goes to the database, not waiting for
   * the notification. Other threads and processes learn of it from the notification.
   */
  changed(workspaceId: string): void;
  /** The same rows remembered, a row not remembered read through `db` (the background's pool). */
  via(db: Db): SettingsReader;
  close(): Promise<void>;
}

export function settingsReadEachTime(db: Db): SettingsReader {
  return {
    read: (id) => getWorkspaceSettings(db, id),
    changed() {},
    via: settingsReadEachTime,
    close: async () => {},
  };
}

/** One read of the stored row (SettingsReader is what callers use). */
export async function getWorkspaceSettings(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceSettings | undefined> {
  const row = await db
    .selectFrom('workspace_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    workspaceId: row.workspace_id,
    dailyBudgetPoints: row.daily_budget_points,
    summaryChannel: row.summary_channel,
    budgetWarnedDay: row.budget_warned_day,
    gatewayTokenSealed: row.gateway_token_enc,
    gatewayTokenLast4: row.gateway_token_last4,
    paidChannels: idList(row.paid_channels),
    paidUsers: idList(row.paid_users),
    language: row.language && isLocale(row.language) ? row.language : DEFAULT_LOCALE,
    approvalAbove: row.approval_above === null ? null : Number(row.approval_above),
    approvers: idList(row.approvers),
    updatedAt: new Date(Number(row.updated_at)),
  };
}

export interface WorkspaceSettingsChange {
  workspaceId: string;
  /** undefined leaves the stored value alone; null clears it. */
  dailyBudgetPoints?: number | null;
  summaryChannel?: string | null;
  /** A sealed gateway token and its last 4 characters (sealed by the caller). */
  gatewayToken?: { sealed: string; last4: string };
  paidChannels?: string[];
  paidUsers?: string[];
  language?: Locale;
  /** undefined leaves it alone; null: no approval needed. */
  approvalAbove?: number | null;
  approvers?: string[];
  now: Date;
}

/** Creates or updates one workspace's settings, touching only the fields given. */
export async function saveWorkspaceSettings(
  db: Db,
  change: WorkspaceSettingsChange,
): Promise<void> {
  const { dailyBudgetPoints, summaryChannel } = change;
  if (
    dailyBudgetPoints !== undefined &&
    dailyBudgetPoints !== null &&
    !(Number.isSafeInteger(dailyBudgetPoints) && dailyBudgetPoints >= 0)
  ) {
    throw new RangeError('daily budget must be a whole number of points, 0 or more');
  }
  const updatedAt = change.now.getTime();
  const extra = {
    ...(change.gatewayToken
      ? {
          gateway_token_enc: change.gatewayToken.sealed,
          gateway_token_last4: change.gatewayToken.last4,
        }
      : {}),
    ...(change.paidChannels ? { paid_channels: JSON.stringify(change.paidChannels) } : {}),
    ...(change.paidUsers ? { paid_users: JSON.stringify(change.paidUsers) } : {}),
    ...(change.language ? { language: change.language } : {}),
    ...(change.approvalAbove !== undefined ? { approval_above: change.approvalAbove } : {}),
    ...(change.approvers ? { approvers: JSON.stringify(change.approvers) } : {}),
  };
  await db
    .insertInto('workspace_settings')
    .values({
      workspace_id: change.workspaceId,
      daily_budget_points: dailyBudgetPoints ?? null,
      summary_channel: summaryChannel ?? null,
      updated_at: updatedAt,
      ...extra,
    })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({
        updated_at: updatedAt,
        ...(dailyBudgetPoints !== undefined ? { daily_budget_points: dailyBudgetPoints } : {}),
        ...(summaryChannel !== undefined ? { summary_channel: summaryChannel } : {}),
        ...extra,
      }),
    )
    .execute();
}
