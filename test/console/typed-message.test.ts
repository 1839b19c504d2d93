import { describe, expect, it } from 'vitest';
import { slackText } from '../../src/console/typed-message.js';

const handles = { querydesk: 'U0BOT00001', mei: 'U0000000002' };

describe('what a console person types, as Slack stores it', () => {
  it('writes @querydesk and the people’s handles as mentions, wherever they stand', () => {
    expect(slackText('@querydesk payorder 1 2', handles)).toBe('<@U0BOT00001> payorder 1 2');
    expect(slackText('ask @QueryDesk, then @mei.', handles)).toBe(
      'ask <@U0BOT00001>, then <@U0000000002>.',
    );
    expect(slackText('@querydesk@querydesk', handles)).toBe('<@U0BOT00001>@querydesk');
  });

  it('leaves look-alikes alone: an e-mail address, a longer handle, an unknown one', () => {
    expect(slackText('mail ops@querydesk.example', handles)).toBe('mail ops@querydesk.example');
    expect(slackText('@querydesk-bot @querydesks @nobody', handles)).toBe(
      '@querydesk-bot @querydesks @nobody',
    );
  });

  it('escapes &, < and > as Slack does, so typed text never becomes a mention or link', () => {
    expect(slackText('<@U0EVIL> <!channel> <https://evil.example|x> a&b', handles)).toBe(
      '&lt;@U0EVIL&gt; &lt;!channel&gt; &lt;https://evil.example|x&gt; a&amp;b',
    );
  });
});
