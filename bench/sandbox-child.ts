import { startSandbox } from '../src/sandbox/index.js';

/**
 * The sandbox in a process of its own (forked by the load benchmark), so the arrivals it counts
 * are timed by a clock that the bench's own work (sending commands, receiving answers) cannot
 * hold up. Reports its URL, then answers each 'requests' message with its request log.
 */
const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
process.send?.({ url: sandbox.url });
process.on('message', (m) => {
  if (m === 'requests') process.send?.({ requests: sandbox.requests() });
});
process.on('disconnect', () => {
  void sandbox.close().then(() => process.exit(0));
});
