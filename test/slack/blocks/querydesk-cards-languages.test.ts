import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/audit/audit-entry.js';
import { auditCard } from '../../../src/slack/blocks/audit-card.js';
import { statusCard } from '../../../src/slack/blocks/status-card.js';
import { allStrings, inEveryLanguage } from '../../fakes/both-languages.js';

const text = (v: unknown) => allStrings(v).join('\n');

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: new Date('2026-11-21T01:00:00Z'),
  workspaceId: 'T1',
  userId: 'U1',
  command: '/shoporders',
  operation: 'shopOrders',
  params: '{}',
  points: 5,
  resultCode: '0',
  latencyMs: 120,
  requestId: 'r1',
  ...over,
});

describe('/querydesk status and audit in every language', () => {
  it('status: Chinese words, operation names and numbers as they are, English unchanged', () => {
    const out = inEveryLanguage((t) =>
      statusCard(
        {
          gateway: { reachable: true, sandbox: true, host: 'gw.example' },
          storeReady: false,
          mode: 'http',
          queues: { payOrder: { queued: 7, running: 2, interactive: 5, background: 2 } },
          limiter: { shared: true, degraded: true, replicas: 3, perReplicaLimit: 3 },
          liveQrSessions: 4,
        },
        t,
      ),
    );
    expect(out.en.text).toBe('Gateway (embedded sandbox) reachable; store not ready.');
    expect(text(out.en.blocks)).toContain('7 waiting (5 people, 2 background) · 2 running');
    expect(out['zh-CN'].text).toBe('网关（内置沙箱）可访问；存储未就绪。');
    const zh = text(out['zh-CN'].blocks);
    expect(zh).toContain('`payOrder    ` 7 个等待中（5 个来自用户，2 个后台）· 2 个进行中');
    expect(zh).toContain('Redis 无法访问：本副本限制为每个操作每秒 3 次请求（10 / 3 个副本）');
  });

  it('audit: 积分 in Chinese, commands and codes as logged, English unchanged', () => {
    const out = inEveryLanguage((t) =>
      auditCard({
        entries: [entry({}), entry({ charge: 'unconfirmed' }), entry({ charge: 'settled' })],
        total: 3,
        label: t('audit.range.7d'),
        userId: 'U1',
        timeZone: 'Asia/Shanghai',
        exportValue: '{"r":"7d"}',
        t,
      }),
    );
    expect(out.en.text).toBe('Gateway calls by U1, last 7 days: 3');
    const en = text(out.en.blocks);
    expect(en).toContain('U1 · /shoporders · shopOrders · 5 pt · code 0 · 120 ms');
    expect(en).toContain('charge unknown (unconfirmed)');
    expect(en).toContain('Export CSV');
    expect(out['zh-CN'].text).toBe('U1 的网关调用，最近 7 天：3');
    const zh = text(out['zh-CN'].blocks);
    expect(zh).toContain('U1 · /shoporders · shopOrders · 5 积分 · 代码 0 · 120 ms');
    expect(zh).toContain('5 积分（稍后结算）');
    expect(zh).toContain('扣费未知（未确认）');
    expect(zh).toContain('导出 CSV');
  });
});

describe('the config modal in every language', () => {
  it('labels every input in the admin’s language; English unchanged', async () => {
    const { configModal } = await import('../../../src/slack/blocks/config-modal.js');
    const out = inEveryLanguage((t) =>
      configModal({
        adminUserId: 'UADMIN',
        budget: 500,
        defaults: t('config.defaults', { budget: t('config.defaults.unlimited'), channel: 'C1' }),
        gatewayToken: { last4: 'abcd' },
        paidChannels: [],
        paidUsers: [],
        language: { current: 'en', t },
      }),
    );
    const en = text(out.en);
    expect(en).toContain('querydesk settings');
    expect(en).toContain('Daily budget (points)');
    expect(en).toContain('set · last 4: abcd');
    expect(en).toContain('Defaults from the environment: budget unlimited, summary channel C1.');
    const zh = text(out['zh-CN']);
    expect(zh).toContain('querydesk 设置');
    expect(zh).toContain('每日预算（积分）');
    expect(zh).toContain('已设置 · 末 4 位：abcd');
    expect(zh).toContain('环境默认值：预算 不限额，汇总频道 C1。');
    expect(zh).not.toMatch(/Paid commands|Summary channel|Save|Cancel/);
  });
});

describe('the help card in every language', () => {
  it('explains each command in the asker’s language; names and usages stay as typed', async () => {
    const { helpCard } = await import('../../../src/slack/blocks/help-card.js');
    const entries = [
      {
        name: '/payorder',
        usage: '<order_number> <merchant_num> [type=platform|merchant]',
        what: 'help.what.payorder',
      },
      { name: '/spend', usage: '[today|7d|30d]', what: 'help.what.spend' },
    ] as const;
    const out = inEveryLanguage((t) => helpCard(entries, t, ['/spend 7d']));
    const en = text(out.en);
    expect(out.en.text).toBe('querydesk commands: /payorder, /spend');
    expect(en).toContain(
      '`/payorder watch <order_number> <merchant_num>` watches it in the channel until it is final',
    );
    expect(en).toContain('Points this workspace spent, by operation, user and day.');
    expect(en).toContain('Try these against the sandbox:');
    const zh = text(out['zh-CN']);
    expect(out['zh-CN'].text).toBe('querydesk 命令：/payorder, /spend');
    expect(zh).toContain('`/payorder <order_number> <merchant_num> [type=platform|merchant]`');
    expect(zh).toContain('`/spend [today|7d|30d]`');
    expect(zh).toContain('本工作区消耗的积分，按操作、用户和天统计。');
    expect(zh).toContain('`/payorder watch <order_number> <merchant_num>` 在频道里关注该订单');
    expect(zh).not.toContain('Points this workspace spent');
  });

  it('names the ways in besides commands: the message shortcut, mentions, DMs, approvals', async () => {
    const { helpCard } = await import('../../../src/slack/blocks/help-card.js');
    const spend = { name: '/spend', usage: '[today|7d|30d]', what: 'help.what.spend' } as const;
    const out = inEveryLanguage((t) => helpCard([spend], t));
    const en = text(out.en);
    const zh = text(out['zh-CN']);

    expect(en).toContain('*Look up in querydesk* in a message’s ⋯ menu');
    expect(en).toContain(
      '`@querydesk payorder <order_number> <merchant_num>` in a channel: the answer in that message’s thread',
    );
    expect(en).toContain('A direct message to querydesk (its Messages tab)');
    expect(en).toContain('above the amount set in `/querydesk config` asks an approver first');
    expect(zh).toContain('在消息的 ⋯ 菜单中选 *Look up in querydesk*');
    expect(zh).toContain('`@querydesk payorder <order_number> <merchant_num>`');
    expect(zh).toContain('给 querydesk 发私信');
    expect(zh).toContain(
      '超过 `/querydesk config` 中设定数额的导出或订阅，要先由审批人在私信中批准',
    );
  });
});
