import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { serializeError } from '../../src/logger.js';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type Querydesk, startQuerydesk } from '../../src/service.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { startGatewayProxy } from '../fakes/gateway-proxy.js';
import { captureLogger } from '../fakes/log-capture.js';

const BOT_TOKEN = 'xoxb-4242-SECRETBOTTOKEN-abcdef';
const SIGNING_SECRET = 'SIGNINGSECRET-7f3a9c';
const GATEWAY_TOKEN = 'GATEWAYTOKEN-b81d2e';
const SECRETS = [BOT_TOKEN, SIGNING_SECRET, GATEWAY_TOKEN, 'SECRETBOTTOKEN'];

let double: SlackDouble;
let sandbox: Sandbox;
let proxy: Awaited<ReturnType<typeof startGatewayProxy>>;
let bot: Querydesk;
let dir: string;
// No secret values given to the logger: the serializer and the redaction must be enough.
const log = captureLogger('debug');

beforeAll(async () => {
  double = await startSlackDouble({ botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET });
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', tokens: [GATEWAY_TOKEN] });
  proxy = await startGatewayProxy(sandbox.url);
  dir = mkdtempSync(join(tmpdir(), 'qd-secrets-'));
  const config = readConfig({
    PORT: '0',
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: double.apiUrl,
    GATEWAY_BASE_URL: proxy.url,
    GATEWAY_TOKEN,
    DATABASE_URL: `sqlite:${join(dir, 'qd.db')}`,
    LOG_LEVEL: 'debug',
  });
  bot = await startQuerydesk(config, { logger: log.logger });
});
afterAll(async () => {
  await bot?.stop();
  await proxy?.close();
  await sandbox?.close();
  await double?.close();
  rmSync(dir, { recursive: true, force: true });
});

const events = () => `http://127.0.0.1:${bot.port}/slack/events`;
const linesWith = (msg: string) => log.lines().filter((l) => l.msg === msg);

async function waitForLog(msg: string, count: number): Promise<void> {
  for (let i = 0; i < 200 && linesWith(msg).length < count; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(linesWith(msg).length).toBeGreaterThanOrEqual(count);
}

describe('no secret in any log line, whatever fails', () => {
  it('logs Slack network errors, Slack 5xx, gateway errors and unreadable answers without a secret', async () => {
    const mark = SANDBOX_EXAMPLES.account.mediaMark;
    const X = SANDBOX_EXAMPLES.payOrder;
    // The Slack Web API cut at the network level (every retry), then answering 500.
    for (let i = 0; i < 3; i++) double.failNext('chat.postMessage', { network: true });
    await double.sendCommand(events(), { command: '/qr', text: mark });
    await waitForLog('qr status message could not be posted', 1);
    for (let i = 0; i < 3; i++) double.failNext('chat.postMessage', { status: 500 });
    await double.sendCommand(events(), { command: '/qr', text: mark });
    await waitForLog('qr status message could not be posted', 2);
    // The gateway: a 5xx on every attempt, a body that is not JSON, a cut connection.
    proxy.fail('http-500', 'http-500', 'http-500');
    await double.sendCommand(events(), {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
    });
    await waitForLog('gateway call failed', 1);
    proxy.fail('unreadable');
    await double.sendCommand(events(), {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
    });
    await waitForLog('gateway call failed', 2);
    proxy.fail('reset', 'reset', 'reset');
    await double.sendCommand(events(), {
      command: '/payorder',
      text: `${X.unpaid.orderNumber} ${X.merchantNum}`,
    });
    await waitForLog('gateway call failed', 3);

    const text = log.text();
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/Bearer\s+\S/);
    // What was dropped was not needed: each failure still says what it was.
    const failed = linesWith('gateway call failed').map((l) => l.kind);
    expect(failed).toEqual(expect.arrayContaining(['http', 'bad-response', 'connection']));
  });

  it('drops request configs, headers and original errors from a logged error', () => {
    const err = Object.assign(new Error('A request error occurred: fetch failed'), {
      code: 'slack_webapi_request_error',
      original: { config: { headers: { Authorization: `Bearer ${BOT_TOKEN}` } } },
      headers: { authorization: `Bearer ${BOT_TOKEN}` },
      config: { data: `token=${BOT_TOKEN}` },
      request: { _header: `Authorization: Bearer ${BOT_TOKEN}` },
      cause: new Error(`connect refused for ${BOT_TOKEN}`),
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('SECRETBOTTOKEN');
    expect(out).toContain('slack_webapi_request_error');
    expect(out).toContain('fetch failed');
  });

  it('scrubs configured secrets from a finished line, wherever an object carried them', () => {
    const scrubbing = captureLogger('info', [SIGNING_SECRET, GATEWAY_TOKEN]);
    scrubbing.logger.info(
      { odd: { nested: [`x ${SIGNING_SECRET} y`] }, header: GATEWAY_TOKEN },
      `oops ${GATEWAY_TOKEN}`,
    );
    const text = scrubbing.text();
    expect(text).not.toContain(SIGNING_SECRET);
    expect(text).not.toContain(GATEWAY_TOKEN);
    expect(text).toContain('[redacted]');
  });
});
