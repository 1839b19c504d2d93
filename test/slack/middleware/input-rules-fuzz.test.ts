import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src/gateway/client.js';
import { GatewayInputError } from '../../../src/gateway/errors.js';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { ArgsError } from '../../../src/slack/args/index.js';
import { MAX_VALUE_LENGTH } from '../../../src/slack/args/input-rules.js';
import { readModalValues } from '../../../src/slack/blocks/modal-values.js';
import { parseNewCodeValue } from '../../../src/slack/blocks/qr-button-values.js';
import { commandParser } from '../../../src/slack/commands/arg-rules.js';
import { COMMAND_LIST } from '../../../src/slack/commands/index.js';
import {
  actionRefused,
  formProblems,
  MAX_FORM_VALUE,
} from '../../../src/slack/middleware/input-guard.js';
import { findUnsafeCharacter } from '../../../src/text-safety.js';
import { captureLogger } from '../../fakes/log-capture.js';

// Every lookup command's parser, as the app builds them.
const SPEC_LIST = COMMAND_LIST.flatMap((c) =>
  c.kind === 'lookup' ? [commandParser(c, 'Asia/Shanghai')] : [],
);
const X = SANDBOX_EXAMPLES;

/** Pieces a person (or an attacker) might type, hostile characters included. */
const piece = fc.oneof(
  fc.constantFrom(
    X.account.mediaMark,
    X.payOrder.paid.orderNumber,
    X.payOrder.merchantNum,
    X.shopOrders.ownerId,
    'page=2',
    'size=20',
    'type=merchant',
    'from=2026-01-01',
    'to=2026-01-05',
    'remark="gift wrap"',
    'landing=home',
    'phone=13800138001',
    'kind=flash',
    '"',
    '“quoted”',
    '=',
    '\\',
    '&amp;',
    '&lt;!channel&gt;',
    '<@U123>',
    '\u0000',
    '\u0007',
    '\u001b[31m',
    '\u007f',
    '\u0085',
    '\u202e',
    '\u2066',
    '\u200f',
    '\ud800',
    '\udc00',
    '😀',
    'x'.repeat(250),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const commandText = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(' ')),
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

/** Every string inside a parsed value (Dates and numbers are not text). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.values(value).flatMap(strings);
  }
  return [];
}

const safe = (text: string, max: number) =>
  findUnsafeCharacter(text) === undefined && [...text].length <= max;

describe('input rules at the edge hold for any input (property-based)', () => {
  it('10,000 command texts: the parser returns or refuses in words; what it returns is clean', () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...SPEC_LIST), commandText, (spec, text) => {
        let parsed: unknown;
        try {
          parsed = spec.parse(text);
        } catch (err) {
          // The only thing that may escape is a refusal a person can read.
          expect(err).toBeInstanceOf(ArgsError);
          expect((err as ArgsError).message.length).toBeGreaterThan(0);
          refused++;
          return;
        }
        for (const s of strings(parsed)) expect(safe(s, MAX_VALUE_LENGTH)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
    expect(refused).toBeGreaterThan(0);
  });

  it('10,000 form and click payloads: decoders never throw, and a form they pass is clean', () => {
    const stateValue = fc.record(
      {
        type: fc.constantFrom('plain_text_input', 'static_select', 'datepicker'),
        value: fc.option(fc.oneof(piece, fc.string({ unit: 'binary', maxLength: 600 }))),
        selected_option: fc.option(fc.record({ value: piece })),
        selected_date: fc.option(piece),
      },
      { requiredKeys: ['type'] },
    );
    const stateValues = fc.dictionary(
      fc.constantFrom('media_mark', 'phone', 'session', 'owner_id', 'remark', 'landing'),
      fc.dictionary(
        fc.constantFrom('media_mark', 'phone', 'session', 'owner_id', 'remark', 'landing'),
        stateValue,
        { maxKeys: 2 },
      ),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(stateValues, piece, (values, buttonValue) => {
        const problems = formProblems(values);
        const read = readModalValues(values as Parameters<typeof readModalValues>[0]);
        if (Object.keys(problems).length === 0) {
          for (const v of Object.values(read)) expect(safe(v, MAX_FORM_VALUE)).toBe(true);
          for (const spec of SPEC_LIST) spec.schema.safeParse(read);
        }
        const refused = actionRefused([{ type: 'button', action_id: 'x', value: buttonValue }]);
        expect(refused).toBe(!safe(buttonValue, 2000));
        const decoded = parseNewCodeValue(buttonValue);
        if (decoded) expect(typeof decoded.mediaMark).toBe('string');
      }),
      { numRuns: 10_000 },
    );
  });

  it('the gateway client refuses any control or direction character before a call, whatever reaches it', () => {
    const gateway = createGatewayClient({
      baseUrl: 'http://127.0.0.1:9',
      logger: captureLogger('silent').logger,
      timeZone: 'Asia/Shanghai',
    });
    const hostile = fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\u001f', '\u202e', '\u2067'))
      .map(([a, bad]) => `sbx${a}${bad}x`);
    fc.assert(
      fc.property(hostile, (mediaMark) => {
        expect(() => gateway.validate('qrCreate', { mediaMark })).toThrow(GatewayInputError);
        expect(() => gateway.validate('accountData', { mediaMark })).toThrow(GatewayInputError);
      }),
      { numRuns: 500 },
    );
  });
});
