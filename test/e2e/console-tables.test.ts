import { describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { consolePageForAll, STEP_MS } from './console-page.js';

// The browser globals the page functions below read (it runs in Chromium, not in Node).
declare const window: object;
declare function getComputedStyle(node: unknown): { textAlign: string };

const HOSTILE =
  '<img src=x onerror="window.__owned=1"> <@U0EVIL> <!channel> https://evil.example &lt;';

describe('record tables in the local console, in a real browser', () => {
  const c = consolePageForAll(900);
  const tables = () => c.page.locator('#messages .message.ephemeral .bk-table');

  it('draws a 100-order page as a table: header, 99 rows, amounts right-aligned', async () => {
    await c.run(`/shoporders ${SANDBOX_EXAMPLES.shopOrders.ownerId} size=100`);
    const table = tables().last();
    await table.waitFor({ state: 'visible', timeout: STEP_MS });
    await c.shot('20-console-table-en');

    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Order no.',
      'Status',
      'Goods',
      'Qty',
      'Paid (¥)',
      'Ship by',
      'Receiver',
      'Remark · tag',
    ]);
    expect(await table.locator('tbody tr').count()).toBe(99);
    const paid = table.locator('tbody tr').first().locator('td').nth(4);
    expect(await paid.textContent()).toMatch(/^\d+\.\d\d$/);
    expect(await paid.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
    const card = c.page.locator('#messages .message.ephemeral').last();
    expect(await card.textContent()).toContain(
      'This page has 1 more record than a Slack table holds (99)',
    );
  });

  it('draws the table in Chinese for a zh-CN person', async () => {
    await c.page.locator('#language').selectOption('zh-CN');
    await c.page
      .locator('#banner', { hasText: '本地控制台 — 沙盒网关' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    const before = await tables().count();

    await c.run(`/shoporders ${SANDBOX_EXAMPLES.shopOrders.ownerId} size=20`);
    await tables().nth(before).waitFor({ state: 'visible', timeout: STEP_MS });
    await c.shot('21-console-table-zh-cn');

    expect(await tables().nth(before).locator('thead th').allTextContents()).toEqual([
      '订单号',
      '状态',
      '商品',
      '数量',
      '实付（元）',
      '最晚发货',
      '收货人',
      '备注 · 标记',
    ]);
    expect(await tables().nth(before).locator('tbody tr').count()).toBe(20);
  });

  it('shows raw_text cells as their characters: no markup, mention or link comes of them', async () => {
    // A string, so the test runner does not rewrite the page's own dynamic import.
    const script = `(async () => {
      const { renderBlocks } = await import('/console/blocks.js');
      const cell = (text) => ({ type: 'raw_text', text });
      const node = renderBlocks(
        [{ type: 'table', rows: [[cell('Cell')], [cell(${JSON.stringify(HOSTILE)})]] }],
        { act: () => undefined, names: {} },
      );
      document.body.append(node);
      const td = node.querySelector('tbody td');
      return { text: td.textContent, elements: td.querySelectorAll('*').length };
    })()`;
    const drawn = await c.page.evaluate(script);

    expect(drawn).toEqual({ text: HOSTILE, elements: 0 });
    expect(
      await c.page.evaluate(() => (window as unknown as { __owned?: number }).__owned),
    ).toBeUndefined();
    expect(c.pageErrors).toEqual([]);
  });
});
