import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operations } from '../../../src/gateway/operations/index.js';

describe('operation registry', () => {
  it('lists the seven operations in the document order with their numbers, methods and paths', () => {
    const rows = OPERATION_NAMES.map((name) => {
      const op = operations[name];
      return [op.number, op.name, op.method, op.path, op.encoding];
    });

    expect(rows).toEqual([
      [1, 'qrCreate', 'GET', '/papi/tool/accounts/set-media-url', 'query'],
      [2, 'accountData', 'GET', '/papi/tool/accounts/get-media-data', 'query'],
      [3, 'qrStatus', 'GET', '/papi/tool/accounts/sel-media-stu', 'query'],
      [4, 'coupons', 'POST', '/papi/tool/waimai/partner_couponList', 'form'],
      [5, 'punishments', 'POST', '/papi/tool/affiliate/affpunishorder', 'json'],
      [6, 'payOrder', 'GET', '/papi/tool/accounts/merchant-order-detail', 'query'],
      [7, 'shopOrders', 'POST', '/papi/tool/erps/paging-orders', 'form'],
    ]);
  });

  it('treats only the payment order lookup as free, so the budget never refuses it', () => {
    const free = OPERATION_NAMES.filter((name) => !operations[name].paid);

    expect(free).toEqual(['payOrder']);
  });

  it('gives only the QR status operation a refund rule', () => {
    const withRefunds = OPERATION_NAMES.filter((name) => 'chargeKind' in operations[name]);

    expect(withRefunds).toEqual(['qrStatus']);
  });
});
