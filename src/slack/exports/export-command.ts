import { randomUUID } from 'node:crypto';
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { z } from 'zod';
import { type ExportKind, type ExportRow, insertExport } from '../../exports/index.js';
import { COUPON_WINDOW_MAX_MS } from '../../gateway/operations/coupons.js';
import { translator } from '../../i18n/translator.js';
import { lastCharge } from '../../ledger/index.js';
import { toCacheJson } from '../../store/shared-cache.js';
import { exportEstimate, rowsPerPage } from '../approvals/approval-rules.js';
import { previewGate } from '../approvals/preview-gate.js';
import { defineCommand } from '../args/index.js';
import { errorCard } from '../blocks/error-card.js';
import { exportPreviewMessage } from '../blocks/export-message.js';
import { ENGLISH } from '../blocks/format.js';
import type { Asker } from '../blocks/message.js';
import { perKey } from '../commands/arg-rules.js';
import type { LookupCommand, Subcommand } from '../commands/command.js';
import { coupons } from '../commands/coupons.js';
import { shoporders } from '../commands/shoporders.js';
import { parsedOrRefused } from '../commands/subcommand-args.js';
import type { SlackDeps } from '../context.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import { splitWindows } from '../lookup/coupons-pages.js';
import { personLocale } from '../settings/language.js';
import type { ExportArgs } from './export-args.js';
import { exportTitle } from './export-messages.js';

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

const COMMAND = { shopOrders: shoporders, coupons } as const satisfies Record<
  ExportKind,
  LookupCommand<`/${string}`, z.ZodType>
>;

/** The lookup's own arguments, without page= (an export takes every page). */
const parsers = {
  shopOrders: perKey((timeZone) => buildExportParser('shopOrders', timeZone)),
  coupons: perKey((timeZone) => buildExportParser('coupons', timeZone)),
} satisfies Record<ExportKind, unknown>;

function exportParser(kind: ExportKind, timeZone: string) {
  return parsers[kind](timeZone);
}

function buildExportParser(kind: ExportKind, timeZone: string) {
  const c = COMMAND[kind];
  const options = c.options.filter((o) => o !== 'page');
  const usage = c.usage.replace(/ \[page=N\]/, '');
  return defineCommand({
    name: `${c.name} export`,
    usage,
    positionals: c.positionals,
    options,
    schema: c.schema(timeZone),
  });
}

/** What the export will fetch, fixed now (a coupon window without dates ends now). */
function exportArgs(kind: ExportKind, parsed: unknown, now: Date): ExportArgs {
  if (kind === 'shopOrders') {
    return { kind, input: parsed as z.output<ReturnType<typeof shoporders.schema>> };
  }
  const a = parsed as z.output<ReturnType<typeof coupons.schema>>;
  const end =
    a.end ??
    (a.start ? new Date(Math.min(now.getTime(), a.start.getTime() + COUPON_WINDOW_MAX_MS)) : now);
  const start = a.start ?? new Date(end.getTime() - COUPON_WINDOW_MAX_MS);
  return { kind, sid: a.sid, couponKind: a.kind, start, end, limit: a.limit };
}

/** `/shoporders export …`, `/coupons export …`: a private preview with Start export / Cancel. */
export function exportSubcommand(kind: ExportKind): Subcommand {
  return {
    usage: `export ${COMMAND[kind].usage.replace(/ \[page=N\]/, '')}`,
    async handle(args: Args, deps: SlackDeps, text: string) {
      const parser = exportParser(kind, deps.config.gateway.timeZone);
      const parsed: unknown = await parsedOrRefused(args, deps, parser, text);
      if (parsed === undefined) return;
      await args.ack();
      const who: Asker = {
        teamId: args.command.team_id,
        userId: args.command.user_id,
        channelId: args.command.channel_id,
        origin: `${args.command.command} export`,
      };
      await deps.work.track(preview(deps, args, who, kind, parsed));
    },
  };
}

/** A new export in "preview": nothing is called until it is started. */
export function previewExportRow(
  who: Asker,
  kind: ExportKind,
  argsJson: string,
  now: number,
): ExportRow {
  return {
    workspace_id: who.teamId,
    export_id: randomUUID(),
    channel_id: who.channelId,
    user_id: who.userId,
    kind,
    args_json: argsJson,
    state: 'preview',
    message_ts: null,
    next_page: 0,
    cursor_json: null,
    total_pages: null,
    rows: 0,
    points: 0,
    note: null,
    stopped_by: null,
    file_id: null,
    csv_bom: 1,
    csv_header: null,
    approved_by: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    started_at: null,
    created_at: now,
    updated_at: now,
  };
}

async function preview(deps: SlackDeps, args: Args, who: Asker, kind: ExportKind, parsed: unknown) {
  const now = deps.clock();
  const exportArgsValue = exportArgs(kind, parsed, now);
  const row = previewExportRow(who, kind, toCacheJson(exportArgsValue), now.getTime());
  let message: ReturnType<typeof exportPreviewMessage>;
  let t = ENGLISH;
  try {
    // The preview is the asker's alone: their language (asked of Slack when the store is away).
    t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
    await insertExport(deps.store.db, row);
    const price = await lastCharge(deps.store.db, who.teamId, kind);
    const a = exportArgsValue;
    const perCall =
      a.kind === 'shopOrders'
        ? t('exports.preview.perCall.shopOrders', { size: a.input.pageSize })
        : t('exports.preview.perCall.coupons', {
            limit: a.limit,
            windows: splitWindows(new Date(a.start), new Date(a.end)).length,
          });
    const estimate = exportEstimate(
      deps.config.export.maxRows,
      rowsPerPage(kind, exportArgsValue),
      price,
    );
    const approval = await previewGate(deps, args.client, who, {
      kind: 'export',
      id: row.export_id,
      estimate,
    });
    message = exportPreviewMessage({
      exportId: row.export_id,
      ...(approval ? { approval } : {}),
      title: exportTitle(row, t),
      operation: t(`exports.preview.operation.${kind}`),
      perCall,
      price,
      maxRows: deps.config.export.maxRows,
      t,
    });
  } catch (err) {
    deps.logger.warn({ err, kind }, 'export preview failed');
    message = errorCard(err, t);
  }
  await deliverPrivately({
    client: args.client,
    respond: args.respond,
    who,
    message: finish(deps, message, t),
    t,
    logger: deps.logger,
  }).catch((err) => deps.logger.error({ err }, 'could not deliver the answer'));
}
