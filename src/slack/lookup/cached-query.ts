import { randomUUID } from 'node:crypto';
import { maskedParams } from '../../audit/mask.js';
import type { InputOf, OutputOf, operations } from '../../gateway/operations/index.js';
import type { Asker } from '../blocks/message.js';
import { type PageCache, requestKey } from '../caches/page-cache.js';
import type { AppDeps } from '../deps.js';
import { checkWhoMaySpend, type QueryOptions, query } from './query.js';

type Name = keyof typeof operations;

/**
 * A paid page through the shared page cache, with the same rules as a call: the input is checked
 * and who may spend (the person, the channel, in this workspace) is decided before the cache is
 * read, so a page someone else bought is never shown to a person or in a channel the workspace
 * does not allow. A page served from the cache is audited as such (0 points, result "cached").
 */
export async function cachedQuery<K extends Name>(
  deps: AppDeps,
  pages: PageCache<OutputOf<K>>,
  op: K,
  input: InputOf<K>,
  who: Partial<Asker> & { teamId: string },
  options: QueryOptions & { onPoints?: (points: number) => void } = {},
): Promise<OutputOf<K>> {
  const valid = deps.gateway.validate(op, input);
  await checkWhoMaySpend(deps, who);
  const started = performance.now();
  let bought = false;
  const page = await pages.get(requestKey(who.teamId, op, input), async () => {
    bought = true;
    const answer = await query(deps, op, input, who, options);
    options.onPoints?.(answer.points);
    return answer.data;
  });
  if (!bought) {
    const write = deps.audit
      .record({
        at: deps.clock(),
        workspaceId: who.teamId,
        userId: who.userId,
        channelId: who.channelId,
        command: who.origin ?? 'background',
        operation: op,
        params: maskedParams(valid),
        points: 0,
        resultCode: 'cached',
        latencyMs: performance.now() - started,
        requestId: randomUUID(),
        ...(who.approvedBy ? { approvedBy: who.approvedBy } : {}),
      })
      .catch((err: unknown) => deps.logger.error({ err, op }, 'audit not written'));
    void deps.work.track(write);
  }
  return page;
}
