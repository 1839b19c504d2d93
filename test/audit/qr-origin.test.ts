import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('audit of QR status checks', () => {
  it('names the /qr that started the watch', async () => {
    h = await startBot({ QR_POLL_INTERVAL_MS: '50' });
    await h.double.sendCommand(h.events, {
      command: '/qr',
      text: SANDBOX_EXAMPLES.account.mediaMark,
      user: 'U0QR',
    });
    await vi.waitFor(
      async () => {
        const audit = await h!.bot.deps.audit.list({
          workspaceId: h!.double.teamId,
          since: new Date(0),
        });
        const create = audit.find((a) => a.operation === 'qrCreate');
        const check = audit.find((a) => a.operation === 'qrStatus');
        expect(create?.command).toBe('/qr');
        expect(check?.command).toBe('/qr');
        expect(check?.userId).toBe('U0QR');
      },
      { timeout: 8000 },
    );
  });
});
