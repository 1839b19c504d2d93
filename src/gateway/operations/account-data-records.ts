import { z } from 'zod';
import { looseCount, looseList } from './loose-values.js';
import { looseText } from './schema-helpers.js';

/** 1 unknown, 2 male, 3 female; anything else reads as unknown. */
export type SexWord = 'unknown' | 'male' | 'female';

export function sexWord(sex: number | null): SexWord {
  return sex === 2 ? 'male' : sex === 3 ? 'female' : 'unknown';
}

const ROLE_WORDS: Record<string, string> = {
  i: 'personal',
  m: 'ordinary service account',
  s: 'enterprise service account',
  k: 'brand service account',
};

/** The document's e_account_role letters in words; an undocumented letter is shown as given. */
export function roleWord(role: string): string {
  return ROLE_WORDS[role.trim().toLowerCase()] ?? (role.trim() || 'unknown');
}

export interface AccountPerson {
  name: string;
  sex: number | null;
  sexWord: SexWord;
  avatar: string;
  city: string;
  province: string;
  country: string;
}

export const accountPerson = z
  .looseObject({
    name: looseText,
    sex: looseCount,
    avatar: looseText,
    city: looseText,
    province: looseText,
    country: looseText,
  })
  .transform(
    (p): AccountPerson => ({
      name: p.name,
      sex: p.sex,
      sexWord: sexWord(p.sex),
      avatar: p.avatar,
      city: p.city,
      province: p.province,
      country: p.country,
    }),
  );

/** One of the 7 daily rows of result_list; a missing or unreadable number is null. */
export interface DailyStat {
  date: string;
  newPlays: number | null;
  totalContent: number | null;
  newContent: number | null;
  totalFans: number | null;
  newFans: number | null;
  newLikes: number | null;
  newComments: number | null;
  newShares: number | null;
  homeVisitors: number | null;
}

export const dailyStat = z
  .looseObject({
    date: looseText,
    new_transmit: looseCount,
    total_content: looseCount,
    new_content: looseCount,
    sum_fans: looseCount,
    fresh_fans: looseCount,
    fresh_like: looseCount,
    add_comment: looseCount,
    add_share: looseCount,
    people_visit: looseCount,
  })
  .transform(
    (d): DailyStat => ({
      date: d.date,
      newPlays: d.new_transmit,
      totalContent: d.total_content,
      newContent: d.new_content,
      totalFans: d.sum_fans,
      newFans: d.fresh_fans,
      newLikes: d.fresh_like,
      newComments: d.add_comment,
      newShares: d.add_share,
      homeVisitors: d.people_visit,
    }),
  );

export interface DistributionEntry {
  label: string;
  count?: number;
}

// Full-width （ ） escaped, so the bundle stays ASCII (scripts/bundle.mjs).
const LABEL_WITH_COUNT = /^(.*?)\s*[(\uff08]\s*(-?\d+(?:\.\d+)?)\s*[)\uff09]\s*$/;

/** "label(12)" → label and count; plain text → label only. */
function fromText(text: string): DistributionEntry {
  const m = LABEL_WITH_COUNT.exec(text);
  return m?.[1] && m[2] ? { label: m[1], count: Number(m[2]) } : { label: text.trim() };
}

/**
 * A distribution entry: an object whose label sits under one of `labelKeys` with an optional
 * `count`, or the "label(number)" text form the document mentions. Unreadable entries → null.
 */
function distributionEntry(labelKeys: readonly string[]) {
  return z
    .union([
      z.string().transform(fromText),
      z.record(z.string(), z.unknown()).transform((record): DistributionEntry | null => {
        const key = labelKeys.find(
          (k) => typeof record[k] === 'string' || typeof record[k] === 'number',
        );
        if (!key) return null;
        const entry = fromText(String(record[key]));
        const count = looseCount.parse(record.count);
        return count === null ? entry : { label: entry.label, count };
      }),
    ])
    .catch(null);
}

/** A distribution list; entries that cannot be read are dropped rather than failing the answer. */
export function distribution(labelKeys: readonly string[]) {
  return looseList(distributionEntry(labelKeys)).transform((list) =>
    list.filter((e): e is DistributionEntry => e !== null),
  );
}

/** Tag text as given; a list of tags (not documented, seen in similar feeds) is joined. */
export const tagText = z
  .unknown()
  .optional()
  .transform((v): string => {
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    if (Array.isArray(v)) return v.filter((t) => typeof t === 'string').join(', ');
    return '';
  });

export const personList = looseList(accountPerson);
export const dailyList = looseList(dailyStat);
