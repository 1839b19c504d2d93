import { type SlackDouble, signedHeaders } from '../../src/slack-double/index.js';

/** A slash command's form body as Slack sends it, for tests that sign or resend it themselves. */
export function commandBody(
  double: SlackDouble,
  input: { command: string; text: string; user?: string; channel?: string },
): string {
  const user = input.user ?? 'U0000000001';
  const channel = input.channel ?? 'C0000000001';
  return new URLSearchParams({
    token: 'unused',
    team_id: double.teamId,
    team_domain: 'double',
    channel_id: channel,
    channel_name: 'general',
    user_id: user,
    user_name: 'someone',
    command: input.command,
    text: input.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    api_app_id: 'A0DOUBLE01',
    is_enterprise_install: 'false',
    response_url: double.responseUrl(channel, user),
    trigger_id: double.trigger(user),
  }).toString();
}

/** POSTs `body` signed with the double's secret at `timestampSec`, with any extra headers. */
export async function postSignedAt(
  double: SlackDouble,
  url: string,
  body: string,
  timestampSec: number = Math.floor(Date.now() / 1000),
  extra: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...signedHeaders(double.signingSecret, timestampSec, body),
      ...extra,
    },
    body,
  });
  return { status: res.status, text: await res.text() };
}
