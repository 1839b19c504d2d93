import { describe, expect, it } from 'vitest';
import { accountData } from '../../../src/gateway/operations/account-data.js';
import { ctx, fixtureData, refusal } from './fixture.js';

describe('accountData parse', () => {
  it('normalises the documented answer: words for sex and role, camelCase daily rows', () => {
    const out = accountData.parse(fixtureData('account-data.json'), ctx);

    expect(out).toMatchObject({
      name: 'Tea House',
      phone: '13800000000',
      city: 'Hangzhou',
      sex: 2,
      sexWord: 'male',
      role: 's',
      roleWord: 'enterprise service account',
      fansCount: 1520,
      antistop: 'tea(3) snacks(7)',
      fansAntistop: 'green tea(88)',
      charge: 20,
    });
    expect(out.daily[0]).toEqual({
      date: '2024-04-30',
      newPlays: 120,
      totalContent: 40,
      newContent: 1,
      totalFans: 1520,
      newFans: 12,
      newLikes: 33,
      newComments: 4,
      newShares: 2,
      homeVisitors: 57,
    });
    expect(out.interests).toEqual([
      { label: 'food', count: 42 },
      { label: 'travel', count: 7 },
    ]);
    expect(out.fansAges).toEqual([
      { label: '18-23', count: 300 },
      { label: '24-30', count: 500 },
    ]);
    expect(out.territories).toEqual([{ label: 'Zhejiang', count: 900 }]);
    expect(out.fans[0]).toMatchObject({ name: 'Lin', sexWord: 'female' });
    expect(out.following[0]).toMatchObject({ name: 'Brand X', sexWord: 'unknown' });
  });

  it('reads string numbers, "keyword", label(count) text and extra fields into the same shape', () => {
    const documented = accountData.parse(fixtureData('account-data.json'), ctx);

    const variant = accountData.parse(fixtureData('account-data-variants.json'), ctx);

    expect(variant).toEqual({
      ...documented,
      // null location fields read as empty text, like the documented empty strings
      following: [{ ...documented.following[0], avatar: '', city: '', province: '', country: '' }],
    });
  });

  it('turns missing lists into empty ones and keeps an undocumented role letter as given', () => {
    const out = accountData.parse(fixtureData('account-data-sparse.json'), ctx);

    expect(out).toMatchObject({
      name: 'New Account',
      sexWord: 'unknown',
      roleWord: 'q',
      fansCount: null,
      daily: [],
      interests: [],
      fansAges: [],
      territories: [],
      fans: [],
      following: [],
      antistop: '',
      charge: 20,
    });
  });
});

describe('accountData input', () => {
  it('sends only the identifiers given, under the wire names', () => {
    const all = accountData.input.parse({
      sessionId: 'S1',
      phone: '+8613800000000',
      mediaMark: 'm',
    });
    const one = accountData.input.parse({ mediaMark: ' acct ' });

    expect(accountData.toWire(all)).toEqual({
      session_id: 'S1',
      phone: '+8613800000000',
      media_mark: 'm',
    });
    expect(accountData.toWire(one)).toStrictEqual({ media_mark: 'acct' });
  });

  it('refuses an input with none of the three identifiers', () => {
    expect(refusal(accountData.input, {})).toEqual([
      'give at least one of: media mark, phone or session id',
    ]);
  });

  it('refuses a phone that is not digits', () => {
    expect(refusal(accountData.input, { phone: '138-0000' })).toEqual([
      'phone must be 5 to 20 digits, optionally starting with +',
    ]);
    expect(refusal(accountData.input, { phone: '13800000000' })).toEqual([]);
  });
});
