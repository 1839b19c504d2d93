import type { PunishmentPage, PunishmentsInput } from '../../gateway/operations/punishments.js';
import { type Asker, clickedBy, type SlackMessage } from '../blocks/message.js';
import { type PunishmentsView, punishmentsCard } from '../blocks/punishments-card.js';
import { type PageRef, pageRefValue } from '../blocks/values.js';
import { keyedStore } from '../caches/keyed-store.js';
import { PageCache } from '../caches/page-cache.js';
import { perDeps } from '../caches/per-deps.js';
import { RESULT_TTL_MS } from '../caches/shared-results.js';
import type { AppDeps } from '../deps.js';
import { cachedQuery } from './cached-query.js';
import { readerT } from './reader.js';

export type PunishmentsCard = {
  kind: 'punishments';
  view: PunishmentsView;
};

interface PunishmentQuery {
  who: Asker;
  input: PunishmentsInput;
}

/** /punishments: one gateway page per page, its first 99 rows drawn as a table. */
export function createPunishments(deps: AppDeps) {
  const pages = new PageCache<PunishmentPage>(deps.cache, (err) =>
    deps.logger.warn({ err }, 'punishments page not cached'),
  );
  const queries = keyedStore<PunishmentQuery>(deps.cache, 'query:punishments', RESULT_TTL_MS);
  const timeZone = deps.config.gateway.timeZone;

  async function render(qKey: string, q: PunishmentQuery, pageNo: number): Promise<SlackMessage> {
    const input = { ...q.input, page: pageNo };
    const page = await cachedQuery(deps, pages, 'punishments', input, q.who);
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
    return punishmentsCard(view, { timeZone, shareKey, t: readerT(q.who) });
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
