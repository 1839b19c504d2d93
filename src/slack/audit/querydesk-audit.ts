import type { WebClient } from '@slack/web-api';
import { type Translate, translator } from '../../i18n/translator.js';
import { auditCard } from '../blocks/audit-card.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { auditExportValue } from '../blocks/values.js';
import type { AppDeps } from '../deps.js';
import { personLocale } from '../settings/language.js';
import { isAdmin } from '../settings/querydesk-config.js';
import {
  AUDIT_USAGE,
  type AuditArgs,
  parseAuditArgs,
  RANGE_LABEL,
  rangeStart,
} from './audit-args.js';

const adminsOnly = (t: Translate) => notice(t('audit.adminsOnly'));

/** The admin's language: the audit and its refusals are theirs alone (read after the ack). */
async function adminLanguage(
  client: WebClient,
  deps: AppDeps,
  a: { teamId: string; userId: string },
) {
  return translator(await personLocale(deps, client, a.teamId, a.userId));
}

/** `/querydesk audit [@user] [today|7d|30d]`: the latest calls of the asker's workspace, admins only. */
export async function auditAnswer(
  client: WebClient,
  deps: AppDeps,
  a: { teamId: string; userId: string; words: readonly string[] },
): Promise<SlackMessage> {
  const t = await adminLanguage(client, deps, a);
  const args = parseAuditArgs(a.words);
  if (!args) return notice(t('audit.usage', { usage: AUDIT_USAGE }));
  if (!(await isAdmin(client, a.userId))) return adminsOnly(t);
  const entries = await deps.audit.list({
    workspaceId: a.teamId,
    userId: args.userId,
    since: rangeStart(args.range, deps.clock()),
  });
  return auditCard({
    entries,
    total: entries.length,
    label: t(RANGE_LABEL[args.range]),
    userId: args.userId,
    timeZone: deps.config.gateway.timeZone,
    exportValue: auditExportValue({ r: args.range, ...(args.userId ? { u: args.userId } : {}) }),
    t,
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
  const t = await adminLanguage(client, deps, a);
  if (!(await isAdmin(client, a.userId))) return adminsOnly(t);
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
    title: t('audit.csvTitle', { range: t(RANGE_LABEL[a.args.range]), n: entries.length }),
  });
  return undefined;
}
