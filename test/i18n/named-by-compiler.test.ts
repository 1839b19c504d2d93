import { describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/gateway/operations/index.js';
import type { MessageKey } from '../../src/i18n/catalog/en.js';
import { zhCN } from '../../src/i18n/catalog/zh-cn.js';
import { translator } from '../../src/i18n/translator.js';
import type { FormField } from '../../src/slack/blocks/lookup-form.js';
import { OPERATION_WORDS, operationWord } from '../../src/slack/blocks/operation-words.js';
import type { HelpKey } from '../../src/slack/commands/command.js';
import { COMMAND_LIST } from '../../src/slack/commands/index.js';

// The `@ts-expect-error` lines are the test: `npm run typecheck` fails if any of them compiles,
// that is if a text of a new operation could be forgotten without the compiler naming it.

// A form's label is a catalogue key, never English typed in the command.
// @ts-expect-error: 'Shop owner id' is not a message key
const english: FormField = { kind: 'text', label: 'Shop owner id', maxLength: 10 };
const keyed: FormField = { kind: 'text', label: 'lookup.form.shoporders.owner', maxLength: 10 };

// A command's help line is its own key: one named after another command, or none, does not do.
const ownHelp: HelpKey<'/coupons'> = 'help.what.coupons';
// @ts-expect-error: /coupons cannot borrow /payorder's help line
const borrowedHelp: HelpKey<'/coupons'> = 'help.what.payorder';
// @ts-expect-error: a command without `help.what.nosuchcommand` in the catalogues has no help key
const missingHelp: HelpKey<'/nosuchcommand'> = 'help.what.nosuchcommand';

// The ledger's words are keyed by every operation.
const everyOperation: Readonly<Record<OperationName, MessageKey>> = OPERATION_WORDS;

describe('the texts a new operation needs', () => {
  it('are read from the catalogues in both languages', () => {
    const zh = translator('zh-CN');
    // The declarations above exist for the compiler; these keep them from being unused.
    expect([english.label, keyed.label, borrowedHelp, missingHelp]).toHaveLength(4);
    expect(zh(ownHelp)).toBe(zhCN['help.what.coupons']);
    expect(Object.keys(everyOperation)).toContain('shopOrders');
    for (const command of COMMAND_LIST) expect(zhCN[command.help]).toMatch(/[\u4e00-\u9fff]/);
    for (const key of Object.values(OPERATION_WORDS)) expect(zhCN[key]).toMatch(/[\u4e00-\u9fff]/);
    expect(operationWord('payOrder', zh)).toBe(zhCN['spend.op.payOrder']);
    // A ledger row written by a newer build keeps its own name rather than failing.
    expect(operationWord('shopInfo', zh)).toBe('shopInfo');
  });
});
