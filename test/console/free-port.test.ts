import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/console/free-port.js';

describe('freePort', () => {
  it('gives a port below the ephemeral range that can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
    const server = createServer();
    await new Promise<void>((done, failed) => {
      server.once('error', failed);
      server.listen(port, '127.0.0.1', () => done());
    });
    await new Promise((done) => server.close(done));
  });

  it('never gives a port that is in use', async () => {
    const held = createServer();
    await new Promise<void>((done) => held.listen(0, '127.0.0.1', () => done()));
    const address = held.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    try {
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      expect(ports).not.toContain(taken);
    } finally {
      await new Promise((done) => held.close(done));
    }
  });
});
