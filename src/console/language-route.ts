import type { CustomRoute } from '@slack/bolt';
import { z } from 'zod';
import { sendEvent } from '../slack-double/interactions.js';
import { guarded, readJson, sendJson } from './http.js';
import type { LocalSlack } from './local-slack.js';

/** The acting person's Slack language, as Slack's own preferences would set it. */
const Language = z.strictObject({ locale: z.enum(['en-US', 'zh-CN']) });

/**
 * `POST /console/language`: the page's language switch. Sets the console person's locale in the
 * local Slack and, as Slack does when someone changes their language, sends the bot a
 * `user_change` carrying it (the bot keeps a person's locale and refreshes it on that event).
 */
export function languageRoute(deps: {
  local: LocalSlack;
  eventsUrl: string;
  onError(err: unknown): void;
  /** After the change: the open pages redraw their own words. */
  languageChanged?: () => void;
}): CustomRoute {
  const { local } = deps;
  return {
    path: '/console/language',
    method: ['POST'],
    handler: guarded(async (req, res) => {
      const { locale } = await readJson(req, Language);
      const user = local.state.user(local.acting.id());
      user.locale = locale;
      const ctx = { state: local.state, baseUrl: local.baseUrl };
      const ack = await sendEvent(ctx, deps.eventsUrl, {
        type: 'user_change',
        user: {
          id: user.id,
          team_id: local.state.id.teamId,
          name: user.name,
          real_name: user.realName,
          locale,
        },
      });
      deps.languageChanged?.();
      sendJson(res, 200, { ok: ack.status === 200, status: ack.status, locale });
    }, deps.onError),
  };
}
