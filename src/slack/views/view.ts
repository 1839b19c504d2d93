import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { SlackDeps } from '../context.js';

export type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** One modal's submission handler. */
export interface ViewDef {
  callbackId: string;
  handle(args: ViewArgs, deps: SlackDeps): Promise<void>;
}

/** The block_id of a view's first input: where a form-wide problem is shown. */
export function firstInput(view: { blocks: unknown[] }): string | undefined {
  return inputIds(view)[0];
}

export function inputIds(view: { blocks: unknown[] }): string[] {
  return (view.blocks as { type?: string; block_id?: string }[])
    .filter((b) => b.type === 'input' && b.block_id)
    .map((b) => b.block_id as string);
}
