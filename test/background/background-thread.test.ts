import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { QR_DRAW_WAIT_MS } from '../../src/background/qr-draws.js';
import { startBackgroundThread } from '../../src/background/thread.js';
import { createLimiter } from '../../src/gateway/limiter.js';
import { renderQrPng } from '../../src/qr/qr-image.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { openStore } from '../../src/store/index.js';
import { type OAuthBot, startOAuthBot } from '../oauth/harness.js';
import { decodeQrPng } from '../qr/decode.js';

/**
 * The background thread (src/background/): in many-workspace mode with `backgroundThread` set,
 * as production's entry point sets it, the background work runs in a worker thread. Here the
 * thread is the real one, started from the sources.
 */
let h: OAuthBot | undefined;
const lost: string[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  lost.length = 0;
});
const X = SANDBOX_EXAMPLES;
const threaded = () => ({ backgroundThread: { lost: (why: string) => void lost.push(why) } });

/** `/qr` typed by `user` of `team` in `channel` (made known to the Slack double first). */
async function sendQr(b: OAuthBot, team: string, channel: string, user: string): Promise<void> {
  b.double.addChannel({ id: channel });
  await b.double.sendCommand(b.events, {
    command: '/qr',
    text: X.account.mediaMark,
    user,
    channel,
    team,
  });
}

async function metricsText(b: OAuthBot): Promise<string> {
  return (await fetch(`${b.base}/metrics`)).text();
}

/** The sum of a metric's samples named exactly `name` with `labels` in their label set. */
function sampleSum(text: string, name: string, labels = ''): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => l.includes(labels))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

describe('the background thread', () => {
  it('checks QR codes outside the main thread, charges once, and merges its metrics', async () => {
    h = await startOAuthBot(
      { QR_POLL_INTERVAL_MS: '200', LOG_LEVEL: 'warn' },
      { ...threaded(), sandbox: { qrScanAfterMs: 1500 } },
    );
    const b = h;
    expect(await b.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    await sendQr(b, 'TA', 'CQR', 'UQR');
    // The status message is edited to "scanned" by the thread's QR watcher: the main thread's
    // watcher only runs clicks (its loop never looks for due sessions).
    const scanned = await b.double.waitFor(
      () => b.double.messages('CQR').find((m) => /: scanned/.test(m.text)),
      10_000,
    );
    expect(JSON.stringify(scanned.blocks)).toMatch(/logged in/);
    const text = await metricsText(b);
    expect(
      sampleSum(text, 'querydesk_background_check_lateness_seconds_count', 'kind="qr"'),
    ).toBeGreaterThan(0);
    // The process's own metrics come once, from the main thread.
    expect(text.match(/^process_cpu_user_seconds_total /gm)).toHaveLength(1);
    // Every point the sandbox charged is in the ledger once: the thread's checks and the
    // main thread's creation alike.
    const charged = b.bot.sandbox!.ledger().byOperation;
    const rows = await b.bot.deps.store.db
      .selectFrom('ledger_entries')
      .select(['operation', 'kind', 'points'])
      .execute();
    const booked = (op: string) =>
      rows
        .filter((r) => r.operation === op && r.kind === 'charge')
        .reduce((s, r) => s + r.points, 0);
    expect(charged.qrStatus.charged).toBeGreaterThan(0);
    expect(booked('qrStatus')).toBe(charged.qrStatus.charged);
    expect(booked('qrCreate')).toBe(charged.qrCreate.charged);
    expect(sampleSum(text, 'querydesk_points_charged_total', 'operation="qrStatus"')).toBe(
      charged.qrStatus.charged,
    );
    expect(lost).toEqual([]);
  }, 30_000);

  it("forgets an uninstalled workspace's Slack client, in the thread too", async () => {
    h = await startOAuthBot(
      { QR_POLL_INTERVAL_MS: '200', LOG_LEVEL: 'warn' },
      { ...threaded(), sandbox: { qrScanAfterMs: 500 } },
    );
    const b = h;
    expect(await b.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    expect(await b.install({ teamId: 'TB', botToken: 'xoxb-team-b' })).toBe(200);
    const threadClients = async () =>
      sampleSum(await metricsText(b), 'querydesk_slack_workspace_clients', 'thread="background"');
    for (const [team, channel] of [
      ['TA', 'CQRA'],
      ['TB', 'CQRB'],
    ] as const) {
      await sendQr(b, team, channel, `U${team}`);
      // The thread edits the status message with the workspace's own client.
      await b.double.waitFor(
        () => b.double.messages(channel).find((m) => /: scanned/.test(m.text)),
        10_000,
      );
    }
    await expect.poll(threadClients, { timeout: 5000 }).toBe(2);
    const ack = await b.double.sendEvent(b.events, { type: 'app_uninstalled' }, 'TA');
    expect(ack.status).toBe(200);
    await expect.poll(threadClients, { timeout: 5000 }).toBe(1);
    expect(lost).toEqual([]);
  }, 40_000);

  it("draws a /qr's PNG in the thread, and it scans to the session's link", async () => {
    h = await startOAuthBot({ LOG_LEVEL: 'warn' }, threaded());
    const b = h;
    expect(await b.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    await sendQr(b, 'TA', 'CPNG', 'UPNG');
    const file = await b.double.waitFor(
      () => b.double.files().find((f) => f.channel === 'CPNG' && f.completed),
      10_000,
    );
    const [session] = b.bot.sandbox!.sessions();
    expect(decodeQrPng(file.bytes ?? Buffer.alloc(0)).text).toBe(session?.url);
    // The /qr's answer is over once its status message is edited after the upload.
    await b.double.waitFor(
      () => b.double.messages('CPNG').find((m) => /not scanned/.test(m.text)),
      8000,
    );
    // Drawn by the thread: the main thread drew none.
    const text = await metricsText(b);
    expect(sampleSum(text, 'querydesk_qr_images_drawn_total', 'thread="background"')).toBe(1);
    expect(sampleSum(text, 'querydesk_qr_images_drawn_total', 'thread="main"')).toBe(0);
    expect(lost).toEqual([]);
  }, 30_000);

  it('hands its leases back when the bot stops, and is not lost', async () => {
    h = await startOAuthBot({ QR_POLL_INTERVAL_MS: '200', LOG_LEVEL: 'warn' }, threaded());
    const b = h;
    expect(await b.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    await sendQr(b, 'TA', 'CQR2', 'UQR');
    await b.double.waitFor(
      () => b.double.messages('CQR2').find((m) => /not scanned/.test(m.text)),
      8000,
    );
    // Checked by the thread at least twice (200 ms apart) before the stop.
    await expect
      .poll(() => b.bot.sandbox!.requests().filter((r) => r.op === 'qrStatus').length, {
        timeout: 8000,
      })
      .toBeGreaterThanOrEqual(2);
    await b.bot.stop();
    const store = await openStore(b.bot.deps.config.databaseUrl);
    const rows = await store.db.selectFrom('qr_sessions').select(['lease_owner']).execute();
    await store.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lease_owner).toBeNull();
    expect(lost).toEqual([]);
  }, 30_000);
});

describe('a background thread that ends on its own', () => {
  it('is reported lost, and frees the limiter places it held', async () => {
    const limiter = createLimiter({ limit: 1, windowMs: 200 });
    const script = `
      const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ type: 'ready' });
      // A call admitted, then the thread dies before it ends.
      parentPort.postMessage({ type: 'limiter.schedule', id: 1, op: 'payOrder', token: 't', priority: 'background', wantsQueued: false });
      parentPort.on('message', (m) => { if (m.type === 'limiter.go') process.exit(3); });`;
    const gone: string[] = [];
    await startBackgroundThread(
      { config: {} as never },
      { limiter, lost: (why) => void gone.push(why) },
      () => new Worker(script, { eval: true }),
    );
    await expect.poll(() => gone, { timeout: 5000 }).toEqual(['the thread exited (code 3)']);
    // The place the dead thread held is free again: the next call goes within a window.
    const at = performance.now();
    await limiter.schedule({ op: 'payOrder', token: 't' }, async () => undefined);
    expect(performance.now() - at).toBeLessThan(1000);
    await limiter.close();
  });

  it('fails the start with its reason when it cannot start', async () => {
    const script = `
      const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ type: 'failed', message: 'database unreachable' });`;
    await expect(
      startBackgroundThread(
        { config: {} as never },
        { limiter: createLimiter(), lost: () => undefined },
        () => new Worker(script, { eval: true }),
      ),
    ).rejects.toThrow('the background thread did not start: database unreachable');
  });
});

describe("a /qr's PNG when the background thread does not draw it", () => {
  const url = 'https://example.invalid/qr/fallback';
  /** A thread from `script` (it says it is ready), and how many PNGs the main thread drew. */
  async function fakeThread(script: string) {
    const here: string[] = [];
    const gone: string[] = [];
    let worker: Worker | undefined;
    const thread = await startBackgroundThread(
      { config: {} as never },
      {
        limiter: createLimiter(),
        lost: (why) => void gone.push(why),
        drawHere: (u) => {
          here.push(u);
          return renderQrPng(u);
        },
      },
      () => {
        worker = new Worker(
          `const { parentPort } = require('node:worker_threads');
           parentPort.postMessage({ type: 'ready' });
           ${script}`,
          { eval: true },
        );
        return worker;
      },
    );
    return { thread, here, gone, end: () => worker?.terminate() };
  }

  it('is drawn on the main thread once the thread has not answered within the bound', async () => {
    const t = await fakeThread(`parentPort.on('message', () => {});`);
    try {
      const at = performance.now();
      const png = await t.thread.drawQr(url);
      expect(performance.now() - at).toBeGreaterThanOrEqual(QR_DRAW_WAIT_MS - 10);
      expect(t.here).toEqual([url]);
      expect(decodeQrPng(png).text).toBe(url);
    } finally {
      await t.end();
    }
  }, 15_000);

  it('is drawn on the main thread at once when the thread could not draw it', async () => {
    const t = await fakeThread(`parentPort.on('message', (m) => {
      if (m.type === 'drawQr') parentPort.postMessage({ type: 'qrNotDrawn', id: m.id, message: 'no' });
    });`);
    try {
      const at = performance.now();
      const png = await t.thread.drawQr(url);
      expect(performance.now() - at).toBeLessThan(QR_DRAW_WAIT_MS);
      expect(t.here).toEqual([url]);
      expect(decodeQrPng(png).text).toBe(url);
    } finally {
      await t.end();
    }
  });

  it('is drawn on the main thread when the thread exits while drawing it, and after', async () => {
    const t = await fakeThread(`parentPort.on('message', (m) => {
      if (m.type === 'drawQr') process.exit(5);
    });`);
    const at = performance.now();
    const png = await t.thread.drawQr(url);
    expect(performance.now() - at).toBeLessThan(QR_DRAW_WAIT_MS);
    expect(decodeQrPng(png).text).toBe(url);
    expect(t.gone).toEqual(['the thread exited (code 5)']);
    const later = await t.thread.drawQr(`${url}/2`);
    expect(decodeQrPng(later).text).toBe(`${url}/2`);
    expect(t.here).toEqual([url, `${url}/2`]);
  });

  it('comes from the thread when it answers, the main thread drawing none', async () => {
    // The thread's answer, its bytes transferred as the real thread sends them.
    const t = await fakeThread(`parentPort.on('message', (m) => {
      if (m.type !== 'drawQr') return;
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, m.id]);
      parentPort.postMessage({ type: 'qrDrawn', id: m.id, png }, [png.buffer]);
    });`);
    try {
      const png = await t.thread.drawQr(url);
      expect([...png]).toEqual([0x89, 0x50, 0x4e, 0x47, 1]);
      expect(t.here).toEqual([]);
    } finally {
      await t.end();
    }
  });
});
