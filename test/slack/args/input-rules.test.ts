import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

const gatewayCalls = () => h.bot.sandbox!.requests().length;
const publicMessages = () => h.double.messages().filter((m) => !m.ephemeral).length;

/** Bad input is acked empty, then refused through the response_url in the asker's language. */
async function refusalOf(command: string, text: string) {
  const before = h.double.messages().filter((m) => m.ephemeral).length;
  const ack = await h.double.sendCommand(h.events, { command, text });
  expect(ack.body).toBe('');
  return h.double.waitFor(() => h.double.messages().filter((m) => m.ephemeral)[before], 5000);
}

describe('control and direction characters are refused before any paid call', () => {
  it('/qr with a NUL byte in the media mark is refused in words, with nothing charged or posted', async () => {
    const calls = gatewayCalls();
    const posted = publicMessages();
    const body = await refusalOf('/qr', `${X.account.mediaMark}\u0000x`);
    expect(body.text).toMatch(/invisible control character \(U\+0000\)/);
    expect(body.text).toContain('Usage: /qr');
    await h.bot.deps.work.drain();
    expect(gatewayCalls()).toBe(calls);
    expect(publicMessages()).toBe(posted);
    const charged = await h.bot.deps.store.db.selectFrom('ledger_entries').selectAll().execute();
    expect(charged).toHaveLength(0);
  });

  it('a right-to-left override in /account is refused the same way', async () => {
    const calls = gatewayCalls();
    const refusal = await refusalOf('/account', `phone=138\u202e00138001`);
    expect(refusal.text).toMatch(/direction control \(U\+202E\)/);
    expect(gatewayCalls()).toBe(calls);
  });

  it('a form holding a bidi override stays open with the problem under that input', async () => {
    const user = 'U0BIDI';
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/qr', text: '', user, channel: 'C0BIDI' });
    const opened = await h.double.waitFor(() => h.double.views()[views], 5000);
    const calls = gatewayCalls();
    const refused = await h.double.sendViewSubmission(h.events, {
      viewId: opened.id,
      user,
      values: { media_mark: { media_mark: `sbx\u2066evil` } },
    });
    const body = refused.json as { response_action: string; errors: Record<string, string> };
    expect(body.response_action).toBe('errors');
    expect(body.errors.media_mark).toMatch(/direction control \(U\+2066\)/);
    expect(gatewayCalls()).toBe(calls);
  });

  it('the form’s problem is in a zh-CN person’s language once known, else English', async () => {
    h.double.addUser({ id: 'U0BIDIZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'U0BIDINEW', locale: 'zh-CN' });
    const views = h.double.views().length;
    // Opening the form (a command) looks the person's language up, after its ack.
    await h.double.sendCommand(h.events, {
      command: '/qr',
      text: '',
      user: 'U0BIDIZH',
      channel: 'C0BIDI',
    });
    const opened = await h.double.waitFor(() => h.double.views()[views], 5000);
    const problemFor = async (user: string) => {
      const refused = await h.double.sendViewSubmission(h.events, {
        viewId: opened.id,
        user,
        values: { media_mark: { media_mark: `sbx\u2066evil` } },
      });
      return (refused.json as { errors: Record<string, string> }).errors.media_mark;
    };
    expect(await problemFor('U0BIDIZH')).toBe(
      '这个值在第 4 个字符处含有不可见的方向控制符（U+2066），请去掉后重新输入',
    );
    // Someone whose language querydesk has not asked yet: English, nothing asked before the ack.
    expect(await problemFor('U0BIDINEW')).toBe(
      'This value contains an invisible direction control (U+2066) at character 4; retype it without',
    );
  });

  it('an overlong argument is refused with its length', async () => {
    const refusal = await refusalOf('/account', 'm'.repeat(300));
    expect(refusal.text).toMatch(/300 characters long; at most 200/);
  });
});
