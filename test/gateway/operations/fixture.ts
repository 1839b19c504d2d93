import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ParseContext } from '../../../src/gateway/operation.js';

export const ctx = { timeZone: 'Asia/Shanghai' } satisfies ParseContext;

const envelope = z.object({ code: z.number(), data: z.unknown() });

/** The `data` member of a recorded gateway envelope in test/fixtures/gateway/. */
export function fixtureData(name: string): unknown {
  const url = new URL(`../../fixtures/gateway/${name}`, import.meta.url);
  return envelope.parse(JSON.parse(readFileSync(url, 'utf8'))).data;
}

/** The messages a person would see when `input` is refused; [] when it is accepted. */
export function refusal(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
