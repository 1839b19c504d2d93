import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startBot } from './fakes/bot.js';

describe('graceful stop', () => {
  it('stops taking requests but finishes the answer already acknowledged', async () => {
    const gateway = createServer((req, res) => {
      req.resume();
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            code: 0,
            msg: 'ok',
            data: { order_number: 'P1', order_price: 100, order_realy_price: 100, order_status: 1 },
          }),
        );
      }, 800);
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const h = await startBot({
      GATEWAY_BASE_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      GATEWAY_TOKEN: 't',
    });
    try {
      const ack = await h.double.sendCommand(h.events, {
        command: '/payorder',
        text: 'P1 M1 type=platform',
      });
      expect(ack.status).toBe(200);

      await h.bot.stop();

      // The answer went out before stop() resolved…
      const answered = h.double.messages().filter((m) => m.ephemeral);
      expect(answered).toHaveLength(1);
      expect(answered[0]!.text).toMatch(/Paid/);
      // …and nothing listens any more.
      await expect(fetch(`${h.base}/healthz`)).rejects.toThrow();
    } finally {
      await h.double.close();
      gateway.closeAllConnections();
      await new Promise((r) => gateway.close(r));
    }
  });
});
