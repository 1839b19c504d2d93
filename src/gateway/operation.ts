import type { z } from 'zod';
import type { OperationName } from './operations/index.js';

/** The operations, named by what they do; listed once, in `operations/index.ts`. */
export type { OperationName };

export type Encoding = 'query' | 'form' | 'json';

export type WireValue = string | number | boolean | null | undefined | WireObject;
export interface WireObject {
  [key: string]: WireValue;
}

/**
 * One gateway operation: its strict input (what our users may ask for), how that input goes on the
 * wire, and a permissive schema that turns the envelope's `data` into one normalised shape.
 */
export interface OperationDef<In, Out> {
  readonly name: OperationName;
  /** The document's numbering. */
  readonly number: number;
  readonly title: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly encoding: Encoding;
  /** Operation 6 is free after activation; the budget never refuses it. */
  readonly paid: boolean;
  /** Strict: a refusal here sends nothing. Its output is what `toWire` receives. */
  readonly input: z.ZodType<In, unknown>;
  /** Maps validated input to wire fields (query string, form fields or JSON body). */
  toWire(input: In): WireObject;
  /**
   * Permissive: envelope `data` of a code-0 answer → normalised output. Throws (a ZodError or
   * Error) when the data cannot be understood; the client turns that into a bad-response error.
   */
  parse(data: unknown, ctx: ParseContext): Out;
  /** A status-3 QR answer returns points instead of charging them. */
  chargeKind?(out: Out): 'charge' | 'refund';
  /** The QR session a refund belongs to (refunds are unique per session). */
  refundKey?(input: In): string;
}

/** Any operation, for registries; the client recovers the precise types from the registry. */
export interface AnyOperationDef {
  readonly name: OperationName;
  readonly number: number;
  readonly title: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly encoding: Encoding;
  readonly paid: boolean;
  readonly input: z.ZodType<unknown, unknown>;
  toWire(input: never): WireObject;
  parse(data: unknown, ctx: ParseContext): unknown;
  chargeKind?(out: never): 'charge' | 'refund';
  refundKey?(input: never): string;
}

export interface ParseContext {
  /** Zone of the gateway's wall-clock times (GATEWAY_TIMEZONE). */
  timeZone: string;
}
