import type { CustomRoute } from '@slack/bolt';
import { z } from 'zod';
import { sendShortcut } from '../slack-double/shortcuts.js';
import { BadRequest, guarded, readJson, sendJson } from './http.js';
import { type LocalSlack, whereTyped } from './local-slack.js';
import { CONSOLE_PEOPLE, isConsolePerson } from './people.js';
import { CONSOLE_MESSAGE_SHORTCUTS } from './shortcuts.js';
import { slackbotSays } from './slack-messages.js';
import { sayAsPerson, slackText } from './typed-message.js';

const As = z.strictObject({ user: z.string().refine(isConsolePerson, 'not a console person') });
const Message = z.strictObject({
  // Slack's own limit for a message's text.
  text: z.string().trim().min(1, 'type a message').max(40_000),
  channel: z.string().optional(),
  threadTs: z.string().optional(),
});
const Shortcut = z.strictObject({
  callbackId: z.string().min(1),
  channel: z.string().min(1),
  messageTs: z.string().min(1),
});

/**
 * The page's people: who acts (`/console/as`), what they say (`/console/message`: a channel
 * message, a mention of the bot, a thread reply or a message in their IM with the bot) and the
 * message shortcuts they choose (`/console/shortcut`), each reaching the bot as Slack sends it.
 */
export function peopleRoutes(deps: {
  local: LocalSlack;
  eventsUrl: string;
  onError(err: unknown): void;
  /** After another person started acting: the open pages redraw as them. */
  languageChanged?: () => void;
}): CustomRoute[] {
  const { local, eventsUrl } = deps;
  const ctx = { state: local.state, baseUrl: local.baseUrl };
  const post = (path: string, work: Parameters<typeof guarded>[0]): CustomRoute => ({
    path,
    method: ['POST'],
    handler: guarded(work, deps.onError),
  });
  // `@querydesk` and the people's own handles become mentions, as Slack's client makes them.
  const handles = () => ({
    querydesk: local.state.id.botUserId,
    ...Object.fromEntries(CONSOLE_PEOPLE.map((p) => [p.name, p.id])),
  });

  return [
    post('/console/as', async (req, res) => {
      const { user } = await readJson(req, As);
      local.acting.set(user);
      deps.languageChanged?.();
      sendJson(res, 200, { ok: true, user });
    }),
    post('/console/message', async (req, res) => {
      const input = await readJson(req, Message);
      const channel = whereTyped(local, input.channel);
      let threadTs: string | undefined;
      if (input.threadTs) {
        const parent = local.state.findMessage(channel, input.threadTs);
        if (!parent || parent.ephemeral) throw new BadRequest(`no message ${input.threadTs}`);
        // A reply to a reply goes to the same thread.
        threadTs = parent.threadTs ?? parent.ts;
      }
      const sent = await sayAsPerson(ctx, eventsUrl, {
        user: local.acting.id(),
        channel,
        text: slackText(input.text, handles()),
        threadTs,
      });
      sendJson(res, 200, {
        ok: sent.ack === undefined || sent.ack.status === 200,
        ts: sent.message.ts,
        event: sent.event?.type ?? null,
        status: sent.ack?.status ?? null,
      });
    }),
    post('/console/shortcut', async (req, res) => {
      const input = await readJson(req, Shortcut);
      const shortcut = CONSOLE_MESSAGE_SHORTCUTS.find((s) => s.callbackId === input.callbackId);
      if (!shortcut) throw new BadRequest(`no message shortcut ${input.callbackId}`);
      const user = local.acting.id();
      const message = local.state.findMessage(input.channel, input.messageTs);
      if (!message || message.ephemeral)
        throw new BadRequest(`no message ${input.messageTs} in ${input.channel}`);
      const ack = await sendShortcut(ctx, eventsUrl, {
        callbackId: shortcut.callbackId,
        user,
        message: { channel: input.channel, ts: input.messageTs },
      });
      if (ack.status !== 200) {
        // What Slack shows when an app does not acknowledge a shortcut in time.
        slackbotSays(local.state, input.channel, user, `${shortcut.name} didn't respond.`);
      }
      sendJson(res, 200, { ok: ack.status === 200, status: ack.status });
    }),
  ];
}
