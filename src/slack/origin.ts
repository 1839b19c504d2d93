import { AsyncLocalStorage } from 'node:async_hooks';
import type { App } from '@slack/bolt';

const origins = new AsyncLocalStorage<string>();

/** What a Slack request is, in a few words, for the audit: `/payorder`, `button …`, `form …`. */
function originOf(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.command === 'string') return b.command;
  const actions = Array.isArray(b.actions) ? (b.actions as { action_id?: unknown }[]) : [];
  if (b.type === 'block_actions') return `button ${String(actions[0]?.action_id ?? '')}`.trim();
  const view = (b.view ?? {}) as { callback_id?: unknown };
  if (b.type === 'view_submission') return `form ${String(view.callback_id ?? '')}`.trim();
  if (typeof b.callback_id === 'string') return `shortcut ${b.callback_id}`;
  const event = (b.event ?? {}) as { type?: unknown };
  if (typeof event.type === 'string') return `event ${event.type}`;
  return 'slack';
}

/**
 * One global middleware: every listener (and the work it keeps doing after its ack) runs with its
 * request's origin, so the audit can say which command a gateway call came from.
 */
export function trackOrigins(app: App): void {
  app.use(async ({ body, next }) => origins.run(originOf(body), next));
}

/** The current request's origin; `background` for work no Slack request started (QR watches). */
export function currentOrigin(): string {
  return origins.getStore() ?? 'background';
}
