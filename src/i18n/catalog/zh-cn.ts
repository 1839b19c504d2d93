import type { MessageKey } from './en.js';
import { zhCNApprovals } from './zh-cn/approvals.js';
import { zhCNAudit } from './zh-cn/audit.js';
import { zhCNCommon } from './zh-cn/common.js';
import { zhCNConsole } from './zh-cn/console.js';
import { zhCNExports } from './zh-cn/exports.js';
import { zhCNGateway } from './zh-cn/gateway.js';
import { zhCNHelp } from './zh-cn/help.js';
import { zhCNHome } from './zh-cn/home.js';
import { zhCNLookup } from './zh-cn/lookup.js';
import { zhCNMessageLookup } from './zh-cn/message-lookup.js';
import { zhCNQr } from './zh-cn/qr.js';
import { zhCNSettings } from './zh-cn/settings.js';
import { zhCNSpend } from './zh-cn/spend.js';
import { zhCNSteps } from './zh-cn/steps.js';
import { zhCNSubscriptions } from './zh-cn/subscriptions.js';
import { zhCNTables } from './zh-cn/tables.js';
import { zhCNWatches } from './zh-cn/watches.js';

/**
 * Simplified Chinese. The fixed words (QR and payment states, 积分, 分享到频道) are the ones the
 * contract names; placeholders are the English ones, untranslated. One file per area, as English.
 */
export const zhCN = {
  ...zhCNCommon,
  ...zhCNGateway,
  ...zhCNLookup,
  ...zhCNQr,
  ...zhCNWatches,
  ...zhCNExports,
  ...zhCNSubscriptions,
  ...zhCNSpend,
  ...zhCNHome,
  ...zhCNHelp,
  ...zhCNSteps,
  ...zhCNConsole,
  ...zhCNAudit,
  ...zhCNSettings,
  ...zhCNTables,
  ...zhCNMessageLookup,
  ...zhCNApprovals,
} as const satisfies Record<MessageKey, string>;

// The reverse direction: a key only Chinese has is a compile error too.
type ExtraKeys = Exclude<keyof typeof zhCN, MessageKey>;
export const noExtraKeys: [ExtraKeys] extends [never] ? true : never = true;
