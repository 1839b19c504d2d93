import { randomBytes } from 'node:crypto';
import type { CustomRoute } from '@slack/bolt';
import { DEFAULT_CHANNEL, DEFAULT_USER } from '../slack-double/interactions.js';
import { handler } from '../slack-double/server.js';
import { DoubleState } from '../slack-double/state.js';
import { BadRequest } from './http.js';
import { type Acting, CONSOLE_PEOPLE, createActing, imIdOf, seedPeople } from './people.js';

/** Where the Slack double is mounted on the console's port. */
export const SLACK_API_PREFIX = '/slack-api';
export const CONSOLE_USER = DEFAULT_USER;
/** The second person at the console, the workspace's owner: who approves in the console. */
export const CONSOLE_SECOND_USER = CONSOLE_PEOPLE[1]?.id ?? '';
export const CONSOLE_CHANNEL = DEFAULT_CHANNEL;
export const SLACKBOT_USER = 'USLACKBOT';

/** The Slack double living inside the console's own HTTP server. */
export interface LocalSlack {
  state: DoubleState;
  /** The double's origin as the bot sees it, e.g. `http://127.0.0.1:3000/slack-api`. */
  baseUrl: string;
  /** What the bot's Web API client calls (its SLACK_API_URL). */
  apiUrl: string;
  botToken: string;
  signingSecret: string;
  /** Which of the console's people the page acts as now. */
  acting: Acting;
  /** Serves the double's /api, /upload and /response paths under SLACK_API_PREFIX. */
  route: CustomRoute;
}

/** A fresh double with random credentials, so nothing outside this process can act as the bot. */
export function createLocalSlack(origin: string, clock: () => Date = () => new Date()): LocalSlack {
  const botToken = `xoxb-local-${randomBytes(12).toString('hex')}`;
  const signingSecret = randomBytes(24).toString('hex');
  const state = new DoubleState(
    {
      teamId: 'T0LOCAL001',
      teamDomain: 'querydesk-local',
      botUserId: 'U0BOT00001',
      botId: 'B0BOT00001',
      botToken,
      appId: 'A0LOCAL001',
      signingSecret,
      triggerTtlMs: 3000,
    },
    clock,
  );
  seedPeople(state);
  Object.assign(state.channel(CONSOLE_CHANNEL), { name: 'querydesk-console' });
  const baseUrl = `${origin}${SLACK_API_PREFIX}`;
  const serve = handler(state, () => baseUrl);
  return {
    state,
    baseUrl,
    apiUrl: `${baseUrl}/api/`,
    botToken,
    signingSecret,
    acting: createActing(CONSOLE_USER),
    route: {
      path: `${SLACK_API_PREFIX}/*rest`,
      method: ['GET', 'POST'],
      handler: (req, res) => {
        req.url = (req.url ?? '/').slice(SLACK_API_PREFIX.length) || '/';
        void serve(req, res);
      },
    },
  };
}

/**
 * Where the page may type as the person acting: the console's channel (the default) or their own
 * IM with the bot; anything else is refused.
 */
export function whereTyped(local: LocalSlack, channel?: string): string {
  if (channel === undefined || channel === CONSOLE_CHANNEL) return CONSOLE_CHANNEL;
  if (channel === imIdOf(local.acting.id())) return channel;
  throw new BadRequest(`cannot type in ${channel} as ${local.acting.id()}`);
}
