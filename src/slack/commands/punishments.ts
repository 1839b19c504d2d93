import { z } from 'zod';
import { type PunishmentPage, PunishmentsInput } from '../../gateway/operations/punishments.js';
import { instantToWallClock } from '../../gateway/time.js';
import { dayArg, wholeNumber } from '../args/index.js';
import { dateField, type FormField, pageField, sizeField } from '../blocks/lookup-form.js';
import { type Asker, clickedBy, type SlackMessage } from '../blocks/message.js';
import { type PunishmentsView, punishmentsCard } from '../blocks/punishments-card.js';
import { type PageRef, pageRefValue } from '../blocks/values.js';
import { keyedStore } from '../caches/keyed-store.js';
import { PageCache, requestKey } from '../caches/page-cache.js';
import { perDeps } from '../caches/per-deps.js';
import { RESULT_TTL_MS } from '../caches/shared-results.js';
import type { AppDeps } from '../deps.js';
import { query } from '../lookup/query.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

type PunishmentsCard = {
  kind: 'punishments';
  view: PunishmentsView;
};

interface PunishmentQuery {
  who: Asker;
  input: PunishmentsInput;
}

/** /punishments: one gateway page per Slack page (page sizes stay within a message). */
export function createPunishments(deps: AppDeps) {
  const pages = new PageCache<PunishmentPage>(deps.cache, (err) =>
    deps.logger.warn({ err }, 'punishments page not cached'),
  );
  const queries = keyedStore<PunishmentQuery>(deps.cache, 'query:punishments', RESULT_TTL_MS);
  const timeZone = deps.config.gateway.timeZone;

  async function render(qKey: string, q: PunishmentQuery, pageNo: number): Promise<SlackMessage> {
    const input = { ...q.input, page: pageNo };
    const page = await pages.get(
      requestKey(q.who.teamId, 'punishments', input),
      async () => (await query(deps, 'punishments', input, q.who)).data,
    );
    const size = q.input.pageSize ?? page.page.pageSize ?? 20;
    const totalPages = Math.max(1, Math.ceil(page.page.totalCount / Math.max(1, size)));
    const value = (p: number) => pageRefValue({ q: qKey, p });
    const view = {
      platformUserId: q.input.platformUserId,
      page,
      humanPage: pageNo,
      totalPages,
      prevValue: pageNo > 1 ? value(pageNo - 1) : undefined,
      nextValue: pageNo < totalPages ? value(pageNo + 1) : undefined,
    };
    const card: PunishmentsCard = { kind: 'punishments', view };
    const shareKey = await deps.results.put({ ...q.who, card });
    return punishmentsCard(view, { timeZone, shareKey });
  }

  return {
    async run(input: PunishmentsInput, who: Asker): Promise<SlackMessage> {
      const q = { who, input };
      return render(await queries.put(q), q, input.page ?? 1);
    },
    async page(ref: PageRef, clicker: Asker): Promise<SlackMessage | undefined> {
      const q = await queries.get(ref.q);
      // Another workspace's button (a shared channel, a forged value) is as good as expired.
      if (!q || q.who.teamId !== clicker.teamId) return undefined;
      return render(ref.q, { ...q, who: clickedBy(q.who, clicker) }, Math.max(1, ref.p));
    },
  };
}

export type Punishments = ReturnType<typeof createPunishments>;

/** This app's /punishments memory, shared by the command and its paging. */
export const punishmentsOf = perDeps(createPunishments);

const digits = (label: string): FormField => ({
  kind: 'text',
  label,
  optional: true,
  maxLength: 40,
  placeholder: 'digits only',
});

export const punishments = lookupCommand({
  name: '/punishments',
  usage:
    '<platform_user_id> [from=YYYY-MM-DD] [span=1..30] [relation=ID] [trade=ID] [site=ID] [adzone=ID] [page=N] [size=N]',
  description: 'Affiliate punishment orders of an authorized user',
  help: 'Affiliate punishment orders of an authorized user.',
  example: (x) => x.punishments.platformUserId,
  primer: '1600000001 span=7',
  positionals: ['platform_user_id'],
  options: ['from', 'span', 'relation', 'trade', 'site', 'adzone', 'page', 'size'],
  schema: (timeZone) => {
    const day = dayArg(timeZone);
    return z
      .object({
        platform_user_id: text,
        from: day.optional(),
        span: wholeNumber(0).optional(),
        relation: text.optional(),
        trade: text.optional(),
        site: text.optional(),
        adzone: text.optional(),
        page: wholeNumber(1).optional(),
        size: wholeNumber(0).optional(),
      })
      .transform((a, ctx) =>
        check(
          PunishmentsInput,
          {
            platformUserId: a.platform_user_id,
            start: a.from ? instantToWallClock(a.from.start, timeZone) : undefined,
            span: a.span,
            relationId: a.relation,
            tradeId: a.trade,
            siteId: a.site,
            adzoneId: a.adzone,
            page: a.page ?? 1,
            pageSize: a.size ?? 20,
          },
          ctx,
          {
            platformUserId: 'platform_user_id',
            start: 'from',
            relationId: 'relation',
            tradeId: 'trade',
            siteId: 'site',
            adzoneId: 'adzone',
            pageSize: 'size',
          },
        ),
      );
  },
  form: {
    title: 'Punishment orders',
    intro:
      'List affiliate punishment orders. This lookup costs points. The start date is read in the gateway’s time zone.',
    fields: {
      platform_user_id: { kind: 'text', label: 'Platform user id', maxLength: 40 },
      from: dateField('From', 'Affiliate order creation date.'),
      span: { kind: 'number', label: 'Span in days', optional: true, min: 1, max: 30 },
      relation: digits('Relation id'),
      trade: digits('Trade (sub-order) id'),
      site: digits('Site id'),
      adzone: digits('Adzone id'),
      page: pageField(),
      size: sizeField('Rows per page', 100),
    },
  },
  card: {
    kind: 'punishments',
    shared: (c: PunishmentsCard, opts) =>
      punishmentsCard({ ...c.view, prevValue: undefined, nextValue: undefined }, opts),
  },
  run: (deps, input, who) => punishmentsOf(deps).run(input, who),
});
