import { type Rng, rngFor } from './rng.js';
import { DAY_MS, wallDate } from './wall-time.js';

export type AccountWire = Record<string, unknown>;

export const ACCOUNTS = [
  { mediaMark: 'sbx_lanting_food', phone: '13800138001', name: 'Lanting Food Diary' },
  { mediaMark: 'sbx_harbour_coffee', phone: '13800138002', name: 'Harbour Coffee' },
  { mediaMark: 'sbx_city_walks', phone: '13800138003', name: 'City Walks' },
] as const;

const PLACES = [
  ['Hangzhou', 'Zhejiang'],
  ['Chengdu', 'Sichuan'],
  ['Shenzhen', 'Guangdong'],
  ['', ''],
] as const;
const TAGS = ['food', 'travel', 'coffee', 'city life', 'cooking', 'photography', 'fitness'];
const AGES = ['18-23', '24-30', '31-40', '41-50', '50+'];
const REGIONS = ['Zhejiang', 'Guangdong', 'Sichuan', 'Jiangsu', 'Shanghai', 'Beijing'];
const FIRST = ['Xiao', 'Lin', 'Mei', 'Hao', 'Yun', 'Jia', 'Wen', 'Bo'];
const LAST = ['chen', 'wang', 'li', 'zhou', 'wu', 'sun', 'ma', 'hu'];

function person(r: Rng) {
  const [city, province] = r.pick(PLACES);
  return {
    sex: r.int(1, 3),
    name: `${r.pick(FIRST)}${r.pick(LAST)}${r.int(1, 999)}`,
    avatar: `https://img.sandbox.querydesk.invalid/avatar/${r.hex(12)}.jpg`,
    city,
    province,
    country: city ? 'China' : '',
  };
}

/** Tags with a number in parentheses, as the document describes antistop and fans_antistop. */
function tagged(r: Rng, n: number): string {
  return Array.from({ length: n }, () => `${r.pick(TAGS)}(${r.int(1, 99)})`).join(',');
}

/** Any media_mark gets a stable account (QR sessions may name unseeded marks). */
export function accountFor(seed: number, mediaMark: string, anchorDay: number): AccountWire {
  const r = rngFor(seed, 'account', mediaMark);
  const known = ACCOUNTS.find((a) => a.mediaMark === mediaMark);
  let fans = r.int(2_000, 80_000);
  let content = r.int(40, 600);
  const resultList = Array.from({ length: 7 }, (_, k) => {
    const fresh = r.int(0, 400);
    fans += fresh;
    const newContent = r.int(0, 3);
    content += newContent;
    return {
      new_transmit: r.int(500, 60_000),
      total_content: content,
      new_content: newContent,
      sum_fans: fans,
      fresh_fans: fresh,
      fresh_like: r.int(50, 9_000),
      add_comment: r.int(0, 800),
      add_share: r.int(0, 300),
      people_visit: r.int(100, 12_000),
      date: wallDate(anchorDay - (7 - k) * DAY_MS),
    };
  });
  const [city, province] = r.pick(PLACES.slice(0, 3));
  return {
    avatar: `https://img.sandbox.querydesk.invalid/avatar/${r.hex(12)}.jpg`,
    city,
    province,
    country: 'China',
    sex: r.int(1, 3),
    e_account_role: r.pick(['i', 'i', 'm', 's', 'k']),
    name: known?.name ?? `Creator ${mediaMark}`,
    phone: known?.phone ?? '',
    count: fans,
    result_list: resultList,
    antistop: tagged(r, 3),
    fans_antistop: tagged(r, 3),
    interest_distributions: TAGS.slice(0, 5).map((t) => ({ keyworkd: `${t}(${r.int(1, 60)})` })),
    fans_age_distributes: AGES.map((a) => ({ keyold: a, count: r.int(50, 20_000) })),
    territory_distributes: REGIONS.map((d) => ({ key_district: d, count: r.int(50, 20_000) })),
    fans_list: Array.from({ length: 100 }, () => person(r)),
    attention_list: Array.from({ length: r.int(20, 100) }, () => person(r)),
  };
}
