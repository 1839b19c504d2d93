import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { allStrings } from '../../fakes/both-languages.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
  // A channel the bot was never invited to: a form answer (no response_url) cannot go there.
  h.double.addChannel({ id: 'C0NOBOT', name: 'nobot', botIsMember: false });
  h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
  h.double.addUser({ id: 'UEN', locale: 'en-US' });
});
afterAll(async () => {
  await h?.stop();
});

/** `user` fills in the /payorder form opened in C0NOBOT; returns the answer they get by DM. */
async function formAnswerByDm(user: string) {
  const views = h.double.views().length;
  await h.double.sendCommand(h.events, { command: '/payorder', user, channel: 'C0NOBOT' });
  const modal = await h.double.waitFor(() => h.double.views()[views], 5000);
  const before = h.double.messages().length;
  await h.double.sendViewSubmission(h.events, {
    viewId: modal.id,
    user,
    values: {
      order_number: { order_number: X.payOrder.paid.orderNumber },
      merchant_num: { merchant_num: X.payOrder.merchantNum },
    },
  });
  return h.double.waitFor(
    () =>
      h.double
        .messages()
        .slice(before)
        .find((m) => !m.ephemeral && m.channel.startsWith('D')),
    8000,
  );
}

describe('an answer the bot cannot post in the channel', () => {
  it("comes by DM with the reason in the asker's language: Chinese for a zh-CN person", async () => {
    const dm = await formAnswerByDm('UZH');
    expect(checkMessage(dm)).toEqual([]);
    const note = allStrings(dm.blocks).join('\n');
    expect(note).toContain('我无法在 <#C0NOBOT> 发消息（not_in_channel）');
    expect(note).toContain('/invite @querydesk');
    expect(dm.text).toContain('（我无法在 <#C0NOBOT> 发消息：请用 /invite @querydesk 邀请我。）');
    expect(`${dm.text}\n${note}`).not.toMatch(/I could not post|Invite me/);
    // The answer itself is the Chinese card: 已支付 is the contract's word for "paid".
    expect(dm.text).toContain('已支付');
  });

  it('and in English for an English one', async () => {
    const dm = await formAnswerByDm('UEN');
    expect(checkMessage(dm)).toEqual([]);
    expect(allStrings(dm.blocks).join('\n')).toContain(
      'I could not post in <#C0NOBOT> (not_in_channel). Invite me there with `/invite @querydesk`.',
    );
    expect(dm.text).toContain(
      '(I could not post in <#C0NOBOT>: invite me there with /invite @querydesk.)',
    );
  });
});
