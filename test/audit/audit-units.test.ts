import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../src/audit/audit-log.js';
import { auditCsv } from '../../src/audit/csv.js';
import { maskedParams } from '../../src/audit/mask.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

describe('audit parameters', () => {
  it('masks phone numbers anywhere and receiver fields entirely but their last 2', () => {
    const json = maskedParams({
      phone: '13812345678',
      mediaMark: 'shop 13812345678',
      receiverName: 'Zhang San',
      sid: 'S1',
    });
    expect(json).not.toContain('13812345678');
    expect(json).not.toContain('Zhang');
    expect(JSON.parse(json)).toMatchObject({
      phone: '*********78',
      sid: 'S1',
      mediaMark: 'shop *********78',
    });
  });
});

describe('audit CSV', () => {
  it('quotes, and turns cells a spreadsheet would run into text', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const csv = auditCsv([
      {
        at,
        workspaceId: 'T1',
        userId: 'U1',
        channelId: 'C1',
        command: '=HYPERLINK("http://x")',
        operation: 'payOrder',
        params: '{"a":"b, c"}',
        points: 0,
        resultCode: '0',
        latencyMs: 12,
        requestId: '@r',
      },
    ]);
    const rows: string[][] = parse(csv, { bom: true });
    expect(rows[0]![0]).toBe('time_utc');
    expect(rows[1]).toContain(`'=HYPERLINK("http://x")`);
    expect(rows[1]).toContain(`'@r`);
    expect(rows[1]).toContain('{"a":"b, c"}');
  });
});

describe.each(DIALECTS)('audit log on %s', (dialect) => {
  let tdb: TestDatabase;
  afterEach(() => tdb?.dispose());

  it('prunes past the retention once per day, even with two replicas asking', async () => {
    tdb = await freshDatabase(dialect);
    const [a, b] = [await tdb.open(), await tdb.open()];
    const log = createAuditLog(a.db);
    const now = new Date('2026-03-01T10:00:00Z');
    const entry = (daysAgo: number) => ({
      at: new Date(now.getTime() - daysAgo * 86_400_000),
      workspaceId: 'T1',
      command: '/spend',
      operation: 'coupons',
      params: '{}',
      points: 1,
      resultCode: '0',
      latencyMs: 5,
      requestId: `r${daysAgo}`,
    });
    await log.record(entry(100));
    await log.record(entry(1));
    const results = await Promise.all([
      log.pruneOnce(now, 90),
      createAuditLog(b.db).pruneOnce(now, 90),
    ]);
    expect(results.filter((r) => r !== undefined)).toEqual([1]);
    const left = await log.list({ workspaceId: 'T1', since: new Date(0) });
    expect(left.map((e) => e.requestId)).toEqual(['r1']);
    expect(await log.list({ workspaceId: 'T2', since: new Date(0) })).toEqual([]);
  });
});
