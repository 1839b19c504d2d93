import type { QrState, QrWatchState } from '../store/database.js';
import type { Store } from '../store/open-store.js';

export interface QrSessionStats {
  workspaceId: string;
  sessionId: string;
  mediaMark: string;
  state: QrState;
  watchState: QrWatchState;
  /** Status checks (operation 3) this session took: the benchmark's figure. */
  checksMade: number;
  /** Points its creation and checks cost (refunds not subtracted). */
  pointsCharged: number;
  createdAt: Date;
}

/** Per session, how many status checks it took, oldest session first. */
export async function qrCheckStats(store: Store): Promise<QrSessionStats[]> {
  const rows = await store.db
    .selectFrom('qr_sessions')
    .select([
      'workspace_id',
      'session_id',
      'media_mark',
      'state',
      'watch_state',
      'checks_made',
      'points_charged',
      'created_at',
    ])
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    workspaceId: r.workspace_id,
    sessionId: r.session_id,
    mediaMark: r.media_mark,
    state: r.state,
    watchState: r.watch_state,
    checksMade: r.checks_made,
    pointsCharged: r.points_charged,
    createdAt: new Date(Number(r.created_at)),
  }));
}
