import { enApprovals } from './en/approvals.js';
import { enAudit } from './en/audit.js';
import { enCommon } from './en/common.js';
import { enConsole } from './en/console.js';
import { enExports } from './en/exports.js';
import { enGateway } from './en/gateway.js';
import { enHelp } from './en/help.js';
import { enHome } from './en/home.js';
import { enLookup } from './en/lookup.js';
import { enMessageLookup } from './en/message-lookup.js';
import { enQr } from './en/qr.js';
import { enSettings } from './en/settings.js';
import { enSpend } from './en/spend.js';
import { enSteps } from './en/steps.js';
import { enSubscriptions } from './en/subscriptions.js';
import { enTables } from './en/tables.js';
import { enWatches } from './en/watches.js';

/**
 * English, the reference catalogue: every other language has exactly these keys (the compiler
 * checks) and the same placeholders (test/i18n/catalogs.test.ts checks). Messages are ICU
 * MessageFormat: `{name}` placeholders, `{n, plural, one {…} other {…}}` plurals.
 *
 * One file per area under `en/` (and `zh-cn/`); each area's keys start with its own prefix, and
 * a key defined in two areas fails test/i18n/catalogs.test.ts.
 */
export const EN_AREAS = [
  enCommon,
  enGateway,
  enLookup,
  enQr,
  enWatches,
  enExports,
  enSubscriptions,
  enSpend,
  enHome,
  enHelp,
  enSteps,
  enConsole,
  enAudit,
  enSettings,
  enTables,
  enMessageLookup,
  enApprovals,
] as const;

export const en = {
  ...enCommon,
  ...enGateway,
  ...enLookup,
  ...enQr,
  ...enWatches,
  ...enExports,
  ...enSubscriptions,
  ...enSpend,
  ...enHome,
  ...enHelp,
  ...enSteps,
  ...enConsole,
  ...enAudit,
  ...enSettings,
  ...enTables,
  ...enMessageLookup,
  ...enApprovals,
} as const;

export type MessageKey = keyof typeof en;
