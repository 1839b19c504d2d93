import { describe, expect, it } from 'vitest';
import type { ExportRow, ExportState } from '../../../src/exports/index.js';
import { translator } from '../../../src/i18n/translator.js';
import {
  exportPreviewMessage,
  exportProgressMessage,
} from '../../../src/slack/blocks/export-message.js';
import { csvHeader } from '../../../src/slack/exports/export-rows.js';
import { hasChinese, inEveryLanguage } from '../../fakes/both-languages.js';

const STARTED = 1_700_000_000_000;

function row(state: ExportState, over: Partial<ExportRow> = {}): ExportRow {
  return {
    workspace_id: 'T1',
    export_id: '6f1c2b1e-5d2a-4a4e-9a51-8d0c1f2e3a4b',
    channel_id: 'C1',
    user_id: 'U0STARTER',
    kind: 'shopOrders',
    args_json: '{}',
    state,
    message_ts: '1700000000.000001',
    next_page: 3,
    cursor_json: null,
    total_pages: 5,
    rows: 150,
    points: 15,
    note: null,
    stopped_by: 'U0STOPPER',
    file_id: null,
    csv_bom: 1,
    csv_header: null,
    approved_by: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    started_at: STARTED,
    created_at: STARTED,
    updated_at: STARTED,
    ...over,
  };
}

const STATES: ExportState[] = ['running', 'done', 'cancelled', 'budget', 'failed'];

describe('the export progress message', () => {
  it.each(STATES)('reads in every language when %s; Chinese counts 积分', (state) => {
    const r = row(state, { note: state === 'budget' ? 'note' : null });
    const out = inEveryLanguage((t) =>
      exportProgressMessage(r, { title: 'T', t }, STARTED + 30_000),
    );
    expect(hasChinese(out['zh-CN'])).toBe(true);
    // A failure names the page reached and why, not the counts.
    if (state === 'failed') return;
    expect(JSON.stringify(out['zh-CN'])).toContain('150 行，15 积分');
    expect(out.en.text).toContain('150 rows, 15 points');
  });

  it('keeps its English words', () => {
    const t = translator('en');
    const running = exportProgressMessage(
      row('running'),
      { title: 'Shop orders of 1', t },
      STARTED + 30_000,
    );
    expect(running.text).toBe(
      'Shop orders of 1: Exporting: [████████████░░░░░░░░] 60 % page 3 of 5, 150 rows, 15 points, time left about 20 s.',
    );
    const cancelled = exportProgressMessage(row('cancelled'), { title: 'X', t }, STARTED);
    expect(cancelled.text).toBe(
      'X: Export cancelled by @U0STOPPER after page 3 of 5: 150 rows, 15 points. No file.',
    );
    expect(JSON.stringify(running.blocks)).toContain('"Cancel"');
  });

  it('shows 第 N 页，共 M 页 and a Chinese Cancel while it runs', () => {
    const t = translator('zh-CN');
    const m = exportProgressMessage(row('running'), { title: '标题', t }, STARTED + 30_000);
    expect(m.text).toContain('第 3 页，共 5 页');
    expect(m.text).toContain('约 20 秒');
    expect(JSON.stringify(m.blocks)).toContain('"取消"');
  });
});

describe('the export preview', () => {
  it('offers the byte-order mark and the header in the asker’s language, in every language', () => {
    const out = inEveryLanguage((t) =>
      exportPreviewMessage({
        exportId: '6f1c2b1e-5d2a-4a4e-9a51-8d0c1f2e3a4b',
        title: 'T',
        operation: 'op',
        perCall: 'per call',
        price: 10,
        maxRows: 10000,
        t,
      }),
    );
    const zh = JSON.stringify(out['zh-CN'].blocks);
    expect(zh).toContain('10 积分');
    expect(zh).toContain('表头使用中文列名');
    expect(zh).toContain('开始导出');
    const en = JSON.stringify(out.en.blocks);
    expect(en).toContain('Start the file with a byte-order mark (for Excel)');
    expect(en).toContain('Header row with English column titles');
    // The byte-order mark is ticked by default; the translated header is not.
    expect(en).toMatch(/"initial_options":\[\{[^\]]*"value":"bom"\}\]/);
  });
});

describe('the CSV header', () => {
  it('keeps the machine names by default and has a title for each in every language', () => {
    expect(csvHeader('shopOrders')[0]).toBe('order_sn');
    for (const kind of ['shopOrders', 'coupons'] as const) {
      const zh = csvHeader(kind, translator('zh-CN'));
      expect(zh).toHaveLength(csvHeader(kind).length);
      expect(new Set(zh).size).toBe(zh.length);
    }
    expect(csvHeader('shopOrders', translator('zh-CN'))[0]).toBe('订单号');
  });
});
