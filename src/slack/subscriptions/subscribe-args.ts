import { z } from 'zod';
import { ShopOrdersInput } from '../../gateway/operations/shop-orders.js';
import { defineCommand, type Problem, rule, wholeNumber } from '../args/index.js';
import { check, perKey, text } from '../commands/arg-rules.js';

export const SUBSCRIBE_USAGE = 'subscribe <owner_id> [every=15m] [remark=TEXT] [tag=1..5]';
export const DEFAULT_EVERY_MS = 15 * 60_000;
const MAX_EVERY_MS = 24 * 3_600_000;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** What a subscription polls for: the shop, its filters and the interval. */
export interface SubscribeArgs {
  ownerId: string;
  remark?: string;
  remarkTag?: number;
  intervalMs: number;
}

/** 60000 → "1 min", 90000 → "90 s", 7200000 → "2 h" (in the reader's language): the minimum. */
export function durationProblem(ms: number): Problem {
  if (ms % 3_600_000 === 0) {
    return { key: 'subscriptions.every.hours', values: { n: String(ms / 3_600_000) } };
  }
  if (ms % 60_000 === 0) {
    return { key: 'subscriptions.every.minutes', values: { n: String(ms / 60_000) } };
  }
  return { key: 'subscriptions.every.seconds', values: { n: String(Math.ceil(ms / 1000)) } };
}

const EVERY_FORMAT = rule({ key: 'subscriptions.refusal.everyFormat' });
const EVERY_MAX = rule({ key: 'subscriptions.refusal.everyMax' });
const ENHANCED_ONLY = rule({ key: 'subscriptions.refusal.enhancedOnly' });

function every(minMs: number) {
  const tooOften = rule({
    key: 'subscriptions.refusal.everyMin',
    values: { min: durationProblem(minMs) },
  });
  return z
    .string()
    .trim()
    .refine((v) => /^\d+[smh]$/.test(v), EVERY_FORMAT)
    .transform((v) => Number(v.slice(0, -1)) * UNIT_MS[v.slice(-1) as keyof typeof UNIT_MS])
    .refine((ms) => ms <= MAX_EVERY_MS, EVERY_MAX)
    .refine((ms) => ms >= minMs, tooOften);
}

function build(minMs: number) {
  return defineCommand({
    name: '/shoporders',
    usage: SUBSCRIBE_USAGE,
    positionals: ['owner_id'],
    options: ['every', 'remark', 'tag', 'edition'],
    schema: z
      .object({
        owner_id: text,
        every: every(minMs).optional(),
        remark: text.optional(),
        tag: wholeNumber(0).optional(),
        edition: text.optional(),
      })
      .superRefine((a, ctx) => {
        if (a.edition !== undefined && a.edition !== 'enhanced') {
          ctx.addIssue({ code: 'custom', path: ['edition'], ...ENHANCED_ONLY });
        }
      })
      .transform((a, ctx): SubscribeArgs => {
        const input = check(
          ShopOrdersInput,
          { ownerId: a.owner_id, remark: a.remark, remarkTag: a.tag },
          ctx,
          { ownerId: 'owner_id', remarkTag: 'tag' },
        );
        return {
          ownerId: input.ownerId,
          remark: input.remark,
          remarkTag: input.remarkTag,
          intervalMs: a.every ?? Math.max(DEFAULT_EVERY_MS, minMs),
        };
      }),
  });
}

/** The `/shoporders subscribe` parser for SUBSCRIPTION_MIN_INTERVAL_MS `minMs`. */
export const subscribeParser = (minMs: number) => perKeyParser(String(minMs));
const perKeyParser = perKey((key) => build(Number(key)));
