import { describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { consolePageForAll, STEP_MS } from './console-page.js';

/**
 * The console's first step run does the first gateway call and completion of a freshly started
 * console, in this test's own process; while the suite's files start beside it on a loaded machine
 * that once took longer than STEP_MS. This bounds liveness only; no speed is measured here.
 */
const FIRST_RUN_MS = 3 * STEP_MS;

describe('workflow steps in the local console, in a real browser', () => {
  const c = consolePageForAll(900);
  const form = (step: string) => c.page.locator(`form.step-form[data-step="${step}"]`);
  const runs = () => c.page.locator('#steps .step-run');

  it(
    'runs lookup_payment_order from its form and shows the outputs the bot completed with',
    async () => {
      await c.page.locator('#nav-steps').click();
      const X = SANDBOX_EXAMPLES.payOrder;
      const lookup = form('lookup_payment_order');
      await lookup.locator('input[name="order_number"]').fill(X.paid.orderNumber);
      await lookup.locator('input[name="merchant_num"]').fill(X.merchantNum);
      await lookup.locator('button[type="submit"]').click();
      const done = runs().filter({ hasText: 'lookup_payment_order' }).first();
      // Finished either way, then which: a failed run shows its error rather than a timeout.
      const finished = c.page
        .locator('#steps .step-run[data-state="success"], #steps .step-run[data-state="error"]')
        .first();
      await finished.waitFor({ timeout: FIRST_RUN_MS });
      expect(await finished.getAttribute('data-state'), (await finished.textContent()) ?? '').toBe(
        'success',
      );
      await c.shot('20-step-lookup');
      expect(await done.locator('.step-run-out').textContent()).toContain('"status": "paid"');
      expect(c.pageErrors).toEqual([]);
    },
    FIRST_RUN_MS + 10_000,
  );

  it(
    'keeps a run finished when the answer to its POST arrives after its completion',
    async () => {
      // Hold the page's POST /console/step answer (taken while the run was pending) until the
      // completion has come in by the event stream, then hand it over: the older list must not put
      // the run back to pending.
      let held: { body: string; release: () => Promise<void> } | undefined;
      const heldReady = new Promise<void>((resolve) => {
        void c.page.route('**/console/step', async (route) => {
          const answer = await route.fetch();
          held = {
            body: await answer.text(),
            release: () => route.fulfill({ response: answer }),
          };
          resolve();
        });
      });
      try {
        const X = SANDBOX_EXAMPLES.payOrder;
        const lookup = form('lookup_payment_order');
        await lookup.locator('input[name="order_number"]').fill(X.paid.orderNumber);
        await lookup.locator('input[name="merchant_num"]').fill(X.merchantNum);
        await lookup.locator('button[type="submit"]').click();
        await heldReady;
        const answer = JSON.parse(held!.body) as {
          executionId: string;
          executions: { executionId: string; completion?: unknown }[];
        };
        const stale = answer.executions.find((e) => e.executionId === answer.executionId);
        // The held answer is the late, older list this test is about.
        expect(stale).toBeDefined();
        expect(stale?.completion).toBeUndefined();
        const run = c.page.locator(`#steps .step-run[data-execution="${answer.executionId}"]`);
        await c.page
          .locator(`#steps .step-run[data-execution="${answer.executionId}"][data-state="success"]`)
          .waitFor({ timeout: FIRST_RUN_MS });

        const applied = c.page.waitForEvent('requestfinished', (r) =>
          r.url().endsWith('/console/step'),
        );
        await held!.release();
        await applied;
        // Let the page's handler of that answer run to its end.
        await c.page.evaluate(() => new Promise((r) => setTimeout(r, 100)));

        expect(await run.getAttribute('data-state')).toBe('success');
        expect(c.pageErrors).toEqual([]);
      } finally {
        await c.page.unroute('**/console/step');
      }
    },
    FIRST_RUN_MS + 10_000,
  );

  it('runs start_qr_onboarding in the console channel; a simulated scan completes it', async () => {
    const qr = form('start_qr_onboarding');
    await qr.locator('input[name="media_mark"]').fill(SANDBOX_EXAMPLES.account.mediaMark);
    // The channel input is filled with the console's channel already.
    expect(await qr.locator('input[name="channel_id"]').inputValue()).toMatch(/^C/);
    await qr.locator('button[type="submit"]').click();
    await c.page
      .locator('#steps .step-run[data-state="pending"]')
      .first()
      .waitFor({ timeout: STEP_MS });

    await c.page.locator('#channels .nav-item').first().click();
    const status = c.page.locator('#messages .message').filter({ hasText: 'not scanned' }).last();
    await status.locator('.qr-controls').waitFor({ state: 'visible', timeout: STEP_MS });
    await status.locator('.qr-controls button').filter({ hasText: 'Simulate scan' }).click();

    await c.page.locator('#nav-steps').click();
    const scanned = c.page
      .locator('#steps .step-run[data-state="success"]')
      .filter({ hasText: 'start_qr_onboarding' });
    await scanned.waitFor({ timeout: STEP_MS });
    await c.shot('21-step-qr-scanned');
    expect(await scanned.locator('.step-run-out').textContent()).toContain('"status": "scanned"');
    expect(c.pageErrors).toEqual([]);
  });
});
