import type { Args } from './api-error.js';
import type { DoubleState } from './state.js';

export interface MethodContext {
  state: DoubleState;
  args: Args;
  /** The double's own origin, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** The token the call was made with. */
  token?: string;
}

/** One Web API method: answers the fields that go beside `ok: true`, or throws ApiError. */
export type Method = (ctx: MethodContext) => Record<string, unknown>;
