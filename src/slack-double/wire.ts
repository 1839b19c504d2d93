import type { DoubleState } from './state.js';
import type { DoubleMessage, DoubleView } from './types.js';

/** A stored message in the shape Slack's API and payloads use. */
export function messageJson(state: DoubleState, m: DoubleMessage): Record<string, unknown> {
  return {
    type: 'message',
    ...(m.botId ? { bot_id: m.botId, app_id: state.id.appId } : {}),
    user: m.user,
    text: m.text,
    ts: m.ts,
    team: state.id.teamId,
    ...(m.blocks.length ? { blocks: m.blocks } : {}),
    ...(m.files.length
      ? { files: m.files.map((f) => ({ id: f.id, title: f.title, name: f.name })) }
      : {}),
    ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
    ...(m.edits ? { edited: { user: m.user, ts: m.ts } } : {}),
  };
}

/** A stored view in the shape views.* answers and interaction payloads use. */
export function viewJson(
  state: DoubleState,
  v: DoubleView,
  values: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: v.id,
    team_id: state.id.teamId,
    type: v.type,
    blocks: [],
    private_metadata: '',
    callback_id: '',
    clear_on_close: false,
    notify_on_close: false,
    ...v.view,
    state: { values },
    hash: v.hash,
    root_view_id: v.rootViewId,
    previous_view_id: v.previousViewId ?? null,
    external_id: v.externalId ?? '',
    app_id: state.id.appId,
    app_installed_team_id: state.id.teamId,
    bot_id: state.id.botId,
  };
}

export function permalink(baseUrl: string, channel: string, ts: string): string {
  return `${baseUrl}/archives/${channel}/p${ts.replace('.', '')}`;
}
