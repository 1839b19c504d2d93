import { type SandboxOptions, startSandbox } from '../src/sandbox/index.js';

/**
 * The sandbox in a process of its own (forked by sandbox-process.ts), so the arrivals it counts
 * are timed by a clock that the bench's own work (sending commands, receiving answers) cannot
 * hold up. Its options come as JSON in the first argument. Reports its URL, then answers each
 * 'requests' message with its request log and each 'sessions' message with its QR sessions.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as Pick<SandboxOptions, 'qrExpireAfterMs'>;
const sandbox = await startSandbox({ ...options, port: 0, host: '127.0.0.1' });
process.send?.({ url: sandbox.url });
process.on('message', (m) => {
  if (m === 'requests') process.send?.({ requests: sandbox.requests() });
  if (m === 'sessions') process.send?.({ sessions: sandbox.sessions() });
});
process.on('disconnect', () => {
  void sandbox.close().then(() => process.exit(0));
});
