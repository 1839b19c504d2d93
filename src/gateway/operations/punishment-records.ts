import { z } from 'zod';
import { looseCount, looseId } from './loose-values.js';
import { looseText, looseTime } from './schema-helpers.js';

/** 0 frozen, 1 unfrozen; anything else is shown as given. */
export function punishStatusWord(status: string): string {
  return status === '0' ? 'frozen' : status === '1' ? 'unfrozen' : status || 'unknown';
}

/** 1 shop affiliate, 2 fake transaction order; any other kind is shown as given. */
export function violationWord(type: string): string {
  return type === '1'
    ? 'shop affiliate'
    : type === '2'
      ? 'fake transaction order'
      : type || 'unknown';
}

export interface PunishmentOrder {
  /** Ids are digit strings: sub-order and pid numbers can exceed 2^53. */
  relationId: string;
  /** yyyyMM */
  settleMonth: string;
  /** '0' frozen, '1' unfrozen, as sent */
  punishStatus: string;
  punishStatusWord: string;
  /** '1' shop affiliate, '2' fake transaction order, others as sent */
  violationType: string;
  violationWord: string;
  tradeCreatedAt?: Date;
  platTradeId: string;
  adzoneId: string;
  siteId: string;
  pubId: string;
}

export function punishmentOrder(zone: string) {
  return z
    .looseObject({
      relation_id: looseId,
      settle_month: looseId,
      punish_status: looseId,
      violation_type: looseText,
      aff_trade_create_time: looseTime(zone),
      plat_trade_id: looseId,
      aff_adzone_id: looseId,
      aff_site_id: looseId,
      aff_pub_id: looseId,
    })
    .transform(
      (r): PunishmentOrder => ({
        relationId: r.relation_id,
        settleMonth: r.settle_month,
        punishStatus: r.punish_status,
        punishStatusWord: punishStatusWord(r.punish_status),
        violationType: r.violation_type.trim(),
        violationWord: violationWord(r.violation_type.trim()),
        tradeCreatedAt: r.aff_trade_create_time,
        platTradeId: r.plat_trade_id,
        adzoneId: r.aff_adzone_id,
        siteId: r.aff_site_id,
        pubId: r.aff_pub_id,
      }),
    );
}

/** Rows at results.result (documented), results as the array itself, or one row as an object. */
export function punishmentRows(zone: string) {
  const row = punishmentOrder(zone);
  const many = z
    .union([z.array(row), row.transform((one) => [one])])
    .nullish()
    .transform((v) => v ?? []);
  return z
    .union([z.array(row), z.looseObject({ result: many }).transform((r) => r.result)])
    .nullish()
    .transform((v) => v ?? []);
}

/** Result-level fields; absent ones stay undefined. */
export const optionalCode = looseCount.transform((v) => v ?? undefined);
export const optionalText = looseText.transform((v) => v || undefined);
