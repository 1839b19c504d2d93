import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.js';
import { type BotHarness, startBot } from '../fakes/bot.js';

let separate: BotHarness;
let shared: BotHarness;
beforeAll(async () => {
  separate = await startBot({ METRICS_PORT: '0' });
  shared = await startBot();
});
afterAll(async () => {
  await separate?.stop();
  await shared?.stop();
});

const get = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, text: await res.text() };
};

describe('METRICS_PORT', () => {
  it('serves /metrics on its own port only, and health stays where Slack posts', async () => {
    const { port, metricsPort } = separate.bot;
    expect(metricsPort).not.toBe(port);
    const metrics = await get(metricsPort, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('querydesk_gateway_calls_total');
    expect((await get(port, '/metrics')).status).toBe(404);
    expect((await get(port, '/healthz')).status).toBe(200);
    expect((await get(metricsPort, '/healthz')).status).toBe(404);
  });

  it('defaults to PORT: /metrics beside the Slack endpoint', async () => {
    const { port, metricsPort } = shared.bot;
    expect(metricsPort).toBe(port);
    expect((await get(port, '/metrics')).status).toBe(200);
  });

  it('reads METRICS_PORT as a port; the same number as PORT means one server', () => {
    expect(readConfig({ PORT: '3000' }).metricsPort).toBeUndefined();
    expect(readConfig({ PORT: '3000', METRICS_PORT: '3000' }).metricsPort).toBeUndefined();
    expect(readConfig({ PORT: '3000', METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => readConfig({ METRICS_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => readConfig({ METRICS_PORT: 'abc' })).toThrow(/^METRICS_PORT: /);
  });
});
