import { describe, expect, it } from 'vitest';
import { punishments } from '../../../src/gateway/operations/punishments.js';
import { ctx, fixtureData, refusal } from './fixture.js';

const FORBIDDEN = ['plat_trade_parent_id', 'special_id', 'violation_type', 'punish_status'];

describe('punishments parse', () => {
  it('finds the wrapper member and reads rows with ids kept as exact digit strings', () => {
    const out = punishments.parse(fixtureData('punishments-nested.json'), ctx);

    expect(out.rows).toHaveLength(2);
    expect(out.rows[0]).toEqual({
      relationId: '2801234',
      settleMonth: '202404',
      punishStatus: '0',
      punishStatusWord: 'frozen',
      violationType: '2',
      violationWord: 'fake transaction order',
      tradeCreatedAt: new Date('2024-04-12T01:15:00Z'),
      platTradeId: '2437818209876543210',
      adzoneId: '109876543210',
      siteId: '3123456',
      pubId: '555666777',
    });
    expect(out.rows[1]).toMatchObject({ punishStatusWord: 'unfrozen', violationWord: '9' });
    expect(out.page).toEqual({ pageNo: 1, pageSize: 20, totalCount: 2 });
    expect(out).toMatchObject({ bizErrorCode: 0, resultCode: 200, resultMsg: 'ok', charge: 15 });
    expect(out.bizErrorDesc).toBeUndefined();
  });

  it('reads results sent as the array itself, under another wrapper name, the same way', () => {
    const nested = punishments.parse(fixtureData('punishments-nested.json'), ctx);

    const flat = punishments.parse(fixtureData('punishments-results-array.json'), ctx);

    expect(flat).toEqual(nested);
  });

  it('reads a single row sent as an object', () => {
    const out = punishments.parse(fixtureData('punishments-single-object.json'), ctx);

    expect(out.rows).toHaveLength(1);
    expect(out.rows[0]).toMatchObject({
      platTradeId: '2437818209876543210',
      violationWord: 'shop affiliate',
    });
    expect(out.page.totalCount).toBe(1);
  });

  it('reads an empty result and keeps the business error text for the user', () => {
    const out = punishments.parse(fixtureData('punishments-empty.json'), ctx);

    expect(out.rows).toEqual([]);
    expect(out).toMatchObject({ bizErrorCode: 15, bizErrorDesc: 'no punishment orders in range' });
  });

  it('refuses an answer with no affiliate response in it', () => {
    expect(() => punishments.parse({ withholding_money: 15 }, ctx)).toThrow(/affiliate response/);
  });
});

describe('punishments input', () => {
  it('puts filters at the top level of the JSON body under the document names', () => {
    const input = punishments.input.parse({
      platformUserId: '2200001234',
      start: '2024-04-01 00:00:00',
      span: 30,
      relationId: '2801234',
      tradeId: '2437818209876543210',
      siteId: '3123456',
      adzoneId: '109876543210',
      page: 2,
      pageSize: 50,
    });

    const wire = punishments.toWire(input);

    expect(wire).toStrictEqual({
      platform_user_id: 2200001234,
      start_time: '2024-04-01 00:00:00',
      span: 30,
      relation_id: 2801234,
      plat_trade_id: '2437818209876543210',
      site_id: 3123456,
      adzone_id: 109876543210,
      page_no: 2,
      page_size: 50,
    });
    for (const field of FORBIDDEN) expect(wire).not.toHaveProperty(field);
    expect(wire).not.toHaveProperty('af_order_option');
  });

  it('sends a user id past 2^53 as its digit string, and only the user id when no filters', () => {
    const wire = punishments.toWire(
      punishments.input.parse({ platformUserId: '90071992547409930' }),
    );

    expect(wire).toStrictEqual({ platform_user_id: '90071992547409930' });
  });

  it('refuses each broken rule with a readable message', () => {
    const base = { platformUserId: '2200001234' };

    expect(refusal(punishments.input, { platformUserId: 'abc' })).toEqual([
      'platform user id must contain digits only',
    ]);
    expect(refusal(punishments.input, { ...base, span: 31 })).toEqual([
      'span must be between 1 and 30',
    ]);
    expect(refusal(punishments.input, { ...base, pageSize: 101 })).toEqual([
      'page size must be between 1 and 100',
    ]);
    expect(refusal(punishments.input, { ...base, start: '2024-04-01' })).toEqual([
      'start must be a date and time like 2024-05-01 00:00:00',
    ]);
    expect(refusal(punishments.input, { ...base, tradeId: '12-3' })).toEqual([
      'trade id must contain digits only',
    ]);
    expect(refusal(punishments.input, { ...base, punishStatus: '0' })).toHaveLength(1);
  });
});
