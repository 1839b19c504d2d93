import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMessage, PageSnapshot } from '../../src/console/page-json.js';
import type { RunningConsole } from '../../src/console/start-console.js';
import { openEvents, post, startTestConsole } from './start.js';

describe("the console person's Slack language", () => {
  let qd: RunningConsole;
  let base: string;
  beforeAll(async () => {
    qd = await startTestConsole();
    base = `http://127.0.0.1:${qd.port}`;
  });
  afterAll(async () => {
    await qd?.stop();
  });

  it('is English at first, the page words included', async () => {
    const state = (await (await fetch(`${base}/console/state`)).json()) as PageSnapshot;

    expect(state.locale).toBe('en');
    expect(state.words['console.composer.send']).toBe('Send');
    expect(state.words['config.language.zhCN']).toBe('简体中文');
  });

  it('switched to zh-CN: open pages get the Chinese words and the bot answers in Chinese', async () => {
    const events = await openEvents(`${base}/console/events`);
    try {
      const switched = await post(base, '/console/language', { locale: 'zh-CN' });
      const snapshot = await events.next((e) =>
        e.event === 'snapshot' && (e.data as PageSnapshot).locale === 'zh-CN'
          ? (e.data as PageSnapshot)
          : undefined,
      );

      expect(switched).toEqual({ status: 200, json: { ok: true, status: 200, locale: 'zh-CN' } });
      expect(snapshot.banner).toBe('本地控制台 — 沙盒网关');
      expect(snapshot.words['console.composer.send']).toBe('发送');
      expect(snapshot.words['console.nav.steps']).toBe('工作流步骤');

      await post(base, '/console/command', { command: '/querydesk', text: 'language auto' });
      const answer = await events.next((e) => {
        const m = (e.data as { message?: PageMessage }).message;
        return e.event === 'message' && m?.ephemeral && /Slack/.test(m.text) ? m : undefined;
      });
      expect(answer.text).toContain('（简体中文）');
    } finally {
      events.close();
    }
  });

  it('refuses a language Slack would not set here', async () => {
    const refused = await post(base, '/console/language', { locale: 'fr-FR' });

    expect(refused.status).toBe(400);
  });
});
