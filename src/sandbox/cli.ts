import { z } from 'zod';
import { SANDBOX_EXAMPLES } from './examples.js';
import { startSandbox } from './server.js';

// A second entry point (`npm run sandbox`): it reads its one variable itself instead of main.ts.
const env = z
  .object({
    SANDBOX_PORT: z
      .string()
      .regex(/^\d+$/, { message: 'must be a port number' })
      .transform(Number)
      .refine((n) => n <= 65_535, { message: 'must be between 0 and 65535' })
      .default(8787),
  })
  .safeParse(process.env);

if (!env.success) {
  process.stderr.write(`SANDBOX_PORT: ${env.error.issues[0]?.message ?? 'invalid'}\n`);
  process.exit(1);
}

const sandbox = await startSandbox({ port: env.data.SANDBOX_PORT, qrScanAfterMs: 15_000 });
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
