import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage, checkView } from '../../../src/slack/blocks/limits.js';
import { signedHeaders } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

type Values = Record<string, Record<string, string>>;
const v = (pairs: Record<string, string>): Values =>
  Object.fromEntries(Object.entries(pairs).map(([k, val]) => [k, { [k]: val }]));

/** Opens a command's modal by typing it bare; returns the view id. */
async function openModal(command: string, user: string): Promise<string> {
  const before = h.double.views().length;
  await h.double.sendCommand(h.events, { command, text: '', user, channel: 'C0FORMS' });
  const opened = await h.double.waitFor(() => h.double.views()[before], 5000);
  expect(checkView(opened.view)).toEqual([]);
  return opened.id;
}

const cases = [
  {
    command: '/shoporders',
    bad: v({ owner_id: X.shopOrders.ownerId, size: '500' }),
    badField: 'size',
    good: v({ owner_id: X.shopOrders.ownerId, size: '20' }),
    expectText: /Shop orders|orders/i,
  },
  {
    command: '/account',
    bad: v({ phone: '12ab' }),
    badField: 'phone',
    good: v({ media_mark: X.account.mediaMark }),
    expectText: /\S/,
  },
  {
    command: '/coupons',
    bad: v({ sid: X.coupons.sid, from: '2026-01-01', to: '2026-03-01' }),
    badField: 'to',
    good: v({ sid: X.coupons.sid }),
    expectText: /Coupons for/,
  },
  {
    command: '/punishments',
    bad: v({ platform_user_id: X.punishments.platformUserId, span: '31' }),
    badField: 'span',
    good: v({ platform_user_id: X.punishments.platformUserId }),
    expectText: /unish/,
  },
  {
    command: '/qr',
    bad: v({ landing: '3' }),
    badField: 'media_mark',
    good: v({ media_mark: X.account.mediaMark }),
    expectText: /QR code posted in <#C0FORMS>/,
  },
];

describe('every command has a form: bad values stay in the form, good ones post the answer where it was typed', () => {
  it.each(cases)('$command', async ({ command, bad, badField, good, expectText }) => {
    const user = `U0${command.slice(1, 8).toUpperCase()}`;
    const viewId = await openModal(command, user);

    const refused = await h.double.sendViewSubmission(h.events, { viewId, user, values: bad });
    const body = refused.json as { response_action: string; errors: Record<string, string> };
    expect(body.response_action).toBe('errors');
    expect(Object.keys(body.errors)).toEqual([badField]);

    const before = h.double.messages().filter((m) => m.ephemeral && m.visibleTo === user).length;
    const accepted = await h.double.sendViewSubmission(h.events, { viewId, user, values: good });
    expect(accepted.status).toBe(200);
    const answer = await h.double.waitFor(
      () => h.double.messages().filter((m) => m.ephemeral && m.visibleTo === user)[before],
      8000,
    );
    expect(answer.channel).toBe('C0FORMS');
    expect(answer.text).toMatch(expectText);
    expect(checkMessage({ text: answer.text, blocks: answer.blocks })).toEqual([]);
  });
});

describe('the /qr form in the person’s language', () => {
  it('is drawn in Chinese for a zh-CN person, with Chinese errors; English unchanged', async () => {
    h.double.addUser({ id: 'U0QRZH', locale: 'zh-CN' });
    const formOf = async (user: string) => {
      const viewId = await openModal('/qr', user);
      const view = h.double.views().find((x) => x.id === viewId)!.view as {
        title: { text: string };
        submit: { text: string };
        close: { text: string };
      };
      const refused = await h.double.sendViewSubmission(h.events, {
        viewId,
        user,
        values: v({ landing: '3' }),
      });
      const errors = (refused.json as { errors: Record<string, string> }).errors;
      return { view, json: JSON.stringify(view), errors };
    };
    const zh = await formOf('U0QRZH');
    expect([zh.view.title.text, zh.view.submit.text, zh.view.close.text]).toEqual([
      '二维码登录码',
      '创建',
      '取消',
    ]);
    expect(zh.json).toContain('账号标识（媒体标识）');
    expect(zh.json).toContain('选填；留空或无效时网关使用默认页面。');
    expect(zh.json).not.toContain('Landing page');
    expect(zh.errors).toEqual({ media_mark: '此项必填' });

    const en = await formOf('U0QREN');
    expect([en.view.title.text, en.view.submit.text, en.view.close.text]).toEqual([
      'QR login code',
      'Create',
      'Cancel',
    ]);
    expect(en.json).toContain('Account identifier (media mark)');
    expect(en.json).toContain('Optional; the gateway uses its default page when empty or invalid.');
    expect(en.errors).toEqual({ media_mark: 'this field is required' });
  });
});

describe('the shop-orders filter button and the global shortcut', () => {
  it('"Filter…" opens the form prefilled with the card\'s query', async () => {
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `${X.shopOrders.ownerId} size=40 edition=enhanced remark=gift`,
      user: 'U0FILTER',
    });
    const card = await h.double.waitFor(
      () => h.double.messages().filter((m) => m.ephemeral)[before],
      8000,
    );
    const views = h.double.views().length;
    await h.double.sendAction(h.events, {
      actionId: 'qd_shoporders_filter',
      channel: card.channel,
      messageTs: card.ts,
      user: 'U0FILTER',
    });
    const modal = await h.double.waitFor(() => h.double.views()[views], 5000);
    const json = JSON.stringify(modal.view);
    expect(modal.view.callback_id).toBe('qd_shoporders_modal');
    expect(json).toContain(`"initial_value":"${X.shopOrders.ownerId}"`);
    expect(json).toContain('"initial_value":"gift"');
    expect(json).toMatch(/"initial_value":"40"/);
  });

  it('"Look up a payment order" opens the /payorder form', async () => {
    const views = h.double.views().length;
    const payload = {
      type: 'shortcut',
      callback_id: 'qd_lookup_payorder',
      trigger_id: h.double.trigger('U0SHORT'),
      team: { id: h.double.teamId, domain: 'test' },
      user: { id: 'U0SHORT', username: 'short', team_id: h.double.teamId },
      api_app_id: 'A0TEST',
      token: 'unused',
      action_ts: '1.2',
      is_enterprise_install: false,
      enterprise: null,
    };
    const raw = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
    const res = await fetch(h.events, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signedHeaders(h.double.signingSecret, Math.floor(Date.now() / 1000), raw),
      },
      body: raw,
    });
    expect(res.status).toBe(200);
    const modal = await h.double.waitFor(() => h.double.views()[views], 5000);
    expect(modal.view.callback_id).toBe('qd_payorder_modal');
    expect(modal.user).toBe('U0SHORT');

    // Submitted from no channel: the card arrives as a direct message, with no "could not post" note.
    const before = h.double.messages().length;
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0SHORT',
      values: v({
        order_number: X.payOrder.paid.orderNumber,
        merchant_num: X.payOrder.merchantNum,
      }),
    });
    const dm = await h.double.waitFor(
      () =>
        h.double
          .messages()
          .slice(before)
          .find((m) => /Paid/.test(m.text)),
      5000,
    );
    expect(dm.ephemeral).toBe(false);
    expect(dm.channel).toMatch(/^D/);
    expect(dm.text).not.toMatch(/could not post/);
  });
});
