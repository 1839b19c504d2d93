import { translator } from '../../i18n/translator.js';
import { exportAudit } from '../audit/querydesk-audit.js';
import { notice } from '../blocks/message.js';
import { readAuditExport } from '../blocks/values.js';
import { type ActionDef, clickerOf, clickerT, tell } from './action.js';

/** The audit card's Export CSV button. */
export function auditExport(actionId: string): ActionDef {
  return {
    actionIds: [actionId],
    async handle(args, deps) {
      const who = clickerOf(args.body);
      const t = await clickerT(args, deps).catch(() => translator('en'));
      const value = readAuditExport(args.action.value);
      if (!value) {
        await tell(args, deps, notice(t('help.refusal.formOutOfDate')), false, t);
        return;
      }
      try {
        const refusal = await exportAudit(args.client, deps, {
          teamId: who.teamId,
          userId: who.userId,
          args: { range: value.r, userId: value.u },
        });
        await tell(args, deps, refusal ?? notice(t('audit.export.sent')), false, t);
      } catch (err) {
        deps.logger.warn({ err, team: who.teamId }, 'audit export failed');
        await tell(args, deps, notice(t('audit.export.failed')), false, t);
      }
    },
  };
}
