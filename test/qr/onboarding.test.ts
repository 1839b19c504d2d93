import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTION, QR_ACTION } from '../../src/slack/blocks/ids.js';
import { startQrOnboarding } from '../../src/slack/qr/index.js';
import { decodeQrPng } from './decode.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  // The default gap: the set-up ends before the first check is due (none is made during it).
  h = await startHarness({ pollMs: 3_000 });
});
afterEach(async () => {
  await h.close();
});

function buttons(blocks: unknown[]): { action_id: string; url?: string; text: { text: string } }[] {
  return blocks.flatMap((b) => {
    const els = (b as { type: string; elements?: unknown[] }).elements;
    return (b as { type: string }).type === 'actions' && els
      ? (els as { action_id: string; url?: string; text: { text: string } }[])
      : [];
  });
}

describe('/qr onboarding', () => {
  it('uploads a PNG into the channel whose QR code decodes to exactly the gateway url', async () => {
    const result = await startQrOnboarding(h.deps, h.client, h.who, {
      mediaMark: 'account123',
      landingPage: '7',
    });

    expect(result.ok).toBe(true);
    const [session] = h.sandbox.sessions();
    const [file] = h.double.files();
    expect(file).toMatchObject({
      title: 'QR login for account123',
      channel: h.who.channelId,
      completed: true,
    });
    expect(decodeQrPng(file?.bytes ?? Buffer.alloc(0)).text).toBe(session?.url);
    expect(session).toMatchObject({ mediaMark: 'account123', squeezePage: '7' });
  });

  it('posts a status message with the account, who asked, the session, the landing page, an "I\'ve scanned it" button and an Open link button', async () => {
    const result = await startQrOnboarding(h.deps, h.client, h.who, { mediaMark: 'account123' });

    const [session] = h.sandbox.sessions();
    const status = h.double.messages(h.who.channelId).find((m) => m.via === 'chat.postMessage');
    expect(result).toEqual({ ok: true, sessionId: session?.sessionId });
    expect(status?.text).toContain('not scanned');
    const shown = JSON.stringify(status?.blocks);
    expect(shown).toContain('account123');
    expect(shown).toContain(`<@${h.who.userId}>`);
    expect(shown).toContain(session?.sessionId);
    expect(shown).toContain('default');
    expect(shown).toContain('Asia/Shanghai');
    expect(shown).toContain('sandbox');
    expect(buttons(status?.blocks ?? [])).toEqual([
      expect.objectContaining({
        action_id: QR_ACTION.scanned,
        value: session?.sessionId,
        text: expect.objectContaining({ text: "I've scanned it" }),
      }),
      expect.objectContaining({ action_id: ACTION.openLink, url: session?.url }),
    ]);
  });

  it('stores the session with its message, file, charge and first check time', async () => {
    const before = Date.now();
    await startQrOnboarding(h.deps, h.client, h.who, { mediaMark: 'account123' });

    const row = await h.deps.store.db.selectFrom('qr_sessions').selectAll().executeTakeFirst();
    const status = h.double.messages(h.who.channelId).find((m) => m.via === 'chat.postMessage');
    expect(row).toMatchObject({
      workspace_id: h.who.teamId,
      channel_id: h.who.channelId,
      user_id: h.who.userId,
      media_mark: 'account123',
      message_ts: status?.ts,
      file_id: h.double.files()[0]?.id,
      state: 1,
      watch_state: 'watching',
      checks_made: 0,
      points_charged: 10,
      lease_owner: null,
    });
    // First check after QR_POLL_INTERVAL_MS (3 s here) ± 10 % jitter.
    expect(Number(row?.next_check_at) - before).toBeGreaterThanOrEqual(2_700);
    expect(Number(row?.next_check_at) - Date.now()).toBeLessThanOrEqual(3_300);
    const ledger = await h.deps.ledger.recent({ workspaceId: h.who.teamId, limit: 10 });
    expect(ledger).toEqual([expect.objectContaining({ operation: 'qrCreate', points: 10 })]);
  });

  it('tells how to invite the bot when it is not in the channel, and spends nothing', async () => {
    h.double.addChannel({ id: 'C0NOBOT01', botIsMember: false });

    const result = await startQrOnboarding(
      h.deps,
      h.client,
      { ...h.who, channelId: 'C0NOBOT01' },
      { mediaMark: 'account123' },
    );

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.text).toContain('/invite @querydesk');
    expect(h.sandbox.requests()).toEqual([]);
    expect(h.double.files()).toEqual([]);
  });

  it('refuses a blank account before posting or calling anything', async () => {
    const result = await startQrOnboarding(h.deps, h.client, h.who, { mediaMark: '   ' });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.text).toMatch(/media mark/i);
    // Only the asker's language is looked up (the refusal is theirs); nothing is posted.
    expect(h.double.calls.map((c) => c.method)).toEqual(['users.info']);
    expect(h.sandbox.requests()).toEqual([]);
  });

  it('removes its placeholder and shows meaning and remedy when operation 1 fails', async () => {
    const refusing = await h.replica('worker-b');

    const result = await startQrOnboarding(
      {
        ...refusing,
        gatewayToken: async () => '',
        settings: {
          ...refusing.settings,
          forCall: async (team) => ({
            ...(await refusing.settings.forCall(team)),
            token: () => '',
          }),
        },
      },
      h.client,
      h.who,
      { mediaMark: 'account123' },
    );

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.text).toMatch(/credential|token/i);
    expect(h.double.messages(h.who.channelId)).toEqual([]);
    expect(h.double.callsTo('chat.delete')).toHaveLength(1);
  });
});
