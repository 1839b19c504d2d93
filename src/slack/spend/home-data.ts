import type { Ledger } from '../../ledger/ledger.js';
import type { Store } from '../../store/open-store.js';
import type { HomeData } from '../blocks/home-view.js';
import { spendPeriod } from './period.js';

const LIVE_QR_LIMIT = 50;

/**
 * What the Home tab shows one person, read from the ledger and the store: the workspace's spend
 * as totals, and only that person's own queries and QR sessions (which name accounts and
 * channels they may not be in). Budget and sandbox are the caller's.
 */
export async function loadHomeData(
  ledger: Ledger,
  store: Store,
  workspaceId: string,
  now: Date,
  timeZone: string,
  userId: string,
): Promise<Omit<HomeData, 'budget' | 'sandbox'>> {
  const today = spendPeriod('today', now, timeZone);
  const week = spendPeriod('7d', now, timeZone);
  const [todayReport, weekReport, recent, sessions] = await Promise.all([
    ledger.spend({ workspaceId, from: today.from, to: today.to, timeZone }),
    ledger.spend({ workspaceId, from: week.from, to: week.to, timeZone }),
    ledger.recent({ workspaceId, limit: 10, userId }),
    store.db
      .selectFrom('qr_sessions')
      .select(['media_mark', 'state', 'channel_id', 'created_at'])
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .where('watch_state', '=', 'watching')
      .orderBy('created_at', 'desc')
      .limit(LIVE_QR_LIMIT)
      .execute(),
  ]);
  return {
    today: todayReport,
    week: weekReport,
    recent,
    liveQr: sessions.map((s) => ({
      mediaMark: s.media_mark,
      state: s.state,
      channelId: s.channel_id,
      createdAt: new Date(Number(s.created_at)),
    })),
    timeZone,
  };
}
