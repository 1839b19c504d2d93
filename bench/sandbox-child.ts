import { type SandboxOptions, startSandbox } from '../src/sandbox/index.js';
import type { SandboxChildOptions, SandboxControl } from './sandbox-process.js';

/**
 * The sandbox in a process of its own (forked by sandbox-process.ts), so the arrivals it counts
 * are timed by a clock that the bench's own work (sending commands, receiving answers) cannot
 * hold up. Its options come as JSON in the first argument. Reports its URL, then answers each
 * 'requests' message with its request log, each 'sessions' message with its QR sessions, and each
 * control (a scan, a payment, new shop orders) with whether it took.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as SandboxChildOptions;
const sandbox = await startSandbox({ ...(options as SandboxOptions), port: 0, host: '127.0.0.1' });
process.send?.({ url: sandbox.url });
process.on('message', (m: 'requests' | 'sessions' | { control: SandboxControl }) => {
  if (m === 'requests') process.send?.({ requests: sandbox.requests() });
  else if (m === 'sessions') process.send?.({ sessions: sandbox.sessions() });
  else {
    const c = m.control;
    const done =
      c.kind === 'scan'
        ? sandbox.simulateScan(c.sessionId)
        : c.kind === 'pay'
          ? sandbox.moveOrder(c.orderNumber, 'pay')
          : sandbox.addShopOrders(c.ownerId, 1);
    process.send?.({ control: { done, at: Date.now() } });
  }
});
process.on('disconnect', () => {
  void sandbox.close().then(() => process.exit(0));
});
