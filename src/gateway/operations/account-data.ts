import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import {
  type AccountPerson,
  type DailyStat,
  type DistributionEntry,
  dailyList,
  distribution,
  personList,
  roleWord,
  type SexWord,
  sexWord,
  tagText,
} from './account-data-records.js';
import { requiredText } from './input-rules.js';
import { compactWire, looseCount } from './loose-values.js';
import { looseInt, looseText } from './schema-helpers.js';

export const AccountDataInput = z
  .strictObject({
    sessionId: requiredText('session id').optional(),
    phone: z
      .string({ error: 'phone must be text' })
      .trim()
      .regex(/^\+?\d{5,20}$/, 'phone must be 5 to 20 digits, optionally starting with +')
      .optional(),
    mediaMark: requiredText('media mark').optional(),
  })
  .refine((i) => i.sessionId !== undefined || i.phone !== undefined || i.mediaMark !== undefined, {
    message: 'give at least one of: media mark, phone or session id',
  });
export type AccountDataInput = z.infer<typeof AccountDataInput>;

export interface AccountData {
  name: string;
  avatar: string;
  phone: string;
  city: string;
  province: string;
  country: string;
  sex: number | null;
  sexWord: SexWord;
  /** e_account_role as sent (i, m, s, k) */
  role: string;
  roleWord: string;
  fansCount: number | null;
  /** The last 7 days, as sent. */
  daily: DailyStat[];
  /** Tag words with a number in parentheses; lower means more likely found by search. */
  antistop: string;
  /** Tags fans give the account; higher means a better fit. */
  fansAntistop: string;
  interests: DistributionEntry[];
  fansAges: DistributionEntry[];
  territories: DistributionEntry[];
  fans: AccountPerson[];
  following: AccountPerson[];
  charge: number;
}

const accountRecord = z
  .looseObject({
    name: looseText,
    avatar: looseText,
    phone: looseText,
    city: looseText,
    province: looseText,
    country: looseText,
    sex: looseCount,
    e_account_role: looseText,
    count: looseCount,
    result_list: dailyList,
    antistop: tagText,
    fans_antistop: tagText,
    // "keyworkd" is the document's spelling; "keyword" is accepted too.
    interest_distributions: distribution(['keyworkd', 'keyword']),
    fans_age_distributes: distribution(['keyold']),
    territory_distributes: distribution(['key_district']),
    fans_list: personList,
    attention_list: personList,
    withholding_money: looseInt.catch(0),
  })
  .transform(
    (r): AccountData => ({
      name: r.name,
      avatar: r.avatar,
      phone: r.phone,
      city: r.city,
      province: r.province,
      country: r.country,
      sex: r.sex,
      sexWord: sexWord(r.sex),
      role: r.e_account_role,
      roleWord: roleWord(r.e_account_role),
      fansCount: r.count,
      daily: r.result_list,
      antistop: r.antistop,
      fansAntistop: r.fans_antistop,
      interests: r.interest_distributions,
      fansAges: r.fans_age_distributes,
      territories: r.territory_distributes,
      fans: r.fans_list,
      following: r.attention_list,
      charge: r.withholding_money,
    }),
  );

export const accountData = {
  name: 'accountData',
  number: 2,
  title: 'Get account data',
  method: 'GET',
  path: '/papi/tool/accounts/get-media-data',
  encoding: 'query',
  paid: true,
  input: AccountDataInput,
  toWire: (i) => compactWire({ session_id: i.sessionId, phone: i.phone, media_mark: i.mediaMark }),
  parse: (data, _ctx) => accountRecord.parse(data),
} satisfies OperationDef<AccountDataInput, AccountData>;
