import { ConfigError, readSandboxPort } from '../config.js';
import { SANDBOX_EXAMPLES } from './examples.js';
import { startSandbox } from './server.js';

// A second entry point (`npm run sandbox`); config.ts stays the only reader of the environment.
let port: number;
try {
  port = readSandboxPort(process.env);
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}

// Each shop sells a new order every 40 s, for channel subscriptions to find.
const sandbox = await startSandbox({ port, qrScanAfterMs: 15_000, shopOrderEveryMs: 40_000 });
const ex = SANDBOX_EXAMPLES;
process.stdout.write(
  `sandbox gateway on ${sandbox.url} (any bearer token) — try: ` +
    `payorder ${ex.payOrder.paid.orderNumber} ${ex.payOrder.merchantNum}; ` +
    `shoporders ${ex.shopOrders.ownerId}; coupons ${ex.coupons.sid}; ` +
    `punishments ${ex.punishments.platformUserId}; account ${ex.account.mediaMark}; ` +
    `qr ${ex.account.mediaMark} (scans after 15 s)\n`,
);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
