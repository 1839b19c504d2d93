import type { WebClient } from '@slack/web-api';
import { auditCard } from '../blocks/audit-card.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { auditExportValue } from '../blocks/values.js';
import type { AppDeps } from '../deps.js';
import { isAdmin } from '../settings/querydesk-config.js';
import {
  AUDIT_USAGE,
  type AuditArgs,
  parseAuditArgs,
  RANGE_LABEL,
  rangeStart,
} from './audit-args.js';

const ADMINS_ONLY = notice(':lock: Only workspace admins and owners can read the querydesk audit.');

/** `/querydesk audit [@user] [today|7d|30d]`: the latest calls of the asker's workspace, admins only. */
export async function auditAnswer(
  client: WebClient,
  deps: AppDeps,
  a: { teamId: string; userId: string; words: readonly string[] },
): Promise<SlackMessage> {
  const args = parseAuditArgs(a.words);
  if (!args) return notice(`Usage: /querydesk ${AUDIT_USAGE}`);
  if (!(await isAdmin(client, a.userId))) return ADMINS_ONLY;
  const entries = await deps.audit.list({
    workspaceId: a.teamId,
    userId: args.userId,
    since: rangeStart(args.range, deps.clock()),
  });
  return auditCard({
    entries,
    total: entries.length,
    label: RANGE_LABEL[args.range],
    userId: args.userId,
    timeZone: deps.config.gateway.timeZone,
    exportValue: auditExportValue({ r: args.range, ...(args.userId ? { u: args.userId } : {}) }),
  });
}

/**
 * Export CSV: the whole range as a file in a direct message to the admin who clicked (the audit
 * is not for the channel). The admin check is made again at the click.
 */
export async function exportAudit(
  client: WebClient,
  deps: AppDeps,
  a: { teamId: string; userId: string; args: AuditArgs },
): Promise<SlackMessage | undefined> {
  if (!(await isAdmin(client, a.userId))) return ADMINS_ONLY;
  const entries = await deps.audit.list({
    workspaceId: a.teamId,
    userId: a.args.userId,
    since: rangeStart(a.args.range, deps.clock()),
  });
  const day = deps.clock().toISOString().slice(0, 10);
  // The CSV writer is loaded with the first export, after the click was acknowledged.
  const { auditCsv } = await import('../../audit/csv.js');
  await client.files.uploadV2({
    channel_id: a.userId,
    file: auditCsv(entries),
    filename: `querydesk-audit-${a.args.range}-${day}.csv`,
    title: `querydesk audit, ${RANGE_LABEL[a.args.range]} (${entries.length} calls)`,
  });
  return undefined;
}
