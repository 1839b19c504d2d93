import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './database.js';
import {
  getWorkspaceSettings,
  type SettingsReader,
  type WorkspaceSettings,
} from './workspace-settings.js';

/** The channel migration 0022's trigger notifies with the workspace id of each changed row. */
export const SETTINGS_CHANNEL = 'querydesk_settings';

/**
 * How long a remembered row serves at most, even while the feed listens: the bound on a
 * notification the server never delivered (a pooler in transaction mode between the two).
 */
export const SETTINGS_KEPT_MS = 10_000;

/** Rows remembered at most (one per workspace); the oldest goes first past it. */
const MOST_KEPT = 10_000;

/** Waits before listening again after the feed's connection is lost: doubled up to the last. */
const RELISTEN_MS = [500, 1_000, 2_000, 5_000];

interface Kept {
  value: WorkspaceSettings | undefined;
  at: number;
}

/**
 * PostgreSQL: a row is remembered while this thread listens for the trigger's notifications, so
 * a change saved by any process (another replica, the key-rotation command, a `psql` session) is
 * dropped here once its notification arrives. Not listening (not yet, or the connection lost),
 * every read goes to the database, and what was remembered is forgotten: notifications missed
 * meanwhile are never replayed. A read that a notification overtook is not remembered.
 */
export function settingsRemembered(
  db: Db,
  connect: { url: string; schema?: string; logger?: Logger; now?: () => number },
): SettingsReader {
  const now = connect.now ?? Date.now;
  const kept = new Map<string, Kept>();
  let changes = 0;
  const changed = (id?: string) => {
    changes++;
    if (id === undefined) kept.clear();
    else kept.delete(id);
  };
  const name = `querydesk settings feed ${connect.schema ?? ''}`.trim();
  const feed = listenForChanges({ ...connect, name }, changed);
  const readThrough = (pool: Db) => async (id: string) => {
    const hit = feed.listening() ? kept.get(id) : undefined;
    if (hit && now() - hit.at < SETTINGS_KEPT_MS) return hit.value;
    const before = changes;
    const value = freeze(await getWorkspaceSettings(pool, id));
    if (feed.listening() && changes === before) {
      kept.delete(id);
      kept.set(id, { value, at: now() });
      if (kept.size > MOST_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return value;
  };
  const reader = (pool: Db): SettingsReader => ({
    read: readThrough(pool),
    via: reader,
    changed,
    close: () => feed.close(),
  });
  return reader(db);
}

/** Shared between calls: frozen, so a caller that changes it fails loudly rather than quietly. */
function freeze(s: WorkspaceSettings | undefined): WorkspaceSettings | undefined {
  if (!s) return s;
  Object.freeze(s.paidChannels);
  Object.freeze(s.paidUsers);
  Object.freeze(s.approvers);
  return Object.freeze(s);
}

interface Feed {
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * One connection of its own that LISTENs on SETTINGS_CHANNEL (pooled connections cannot: a
 * LISTEN belongs to its session). `changed()` with no id: everything may have changed unseen.
 */
function listenForChanges(
  at: { url: string; name: string; logger?: Logger },
  changed: (id?: string) => void,
): Feed {
  const { logger } = at;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let lost = 0;
  let retry: NodeJS.Timeout | undefined;
  const drop = (was: pg.Client, err?: unknown) => {
    if (client !== was) return;
    client = undefined;
    listening = false;
    changed();
    was.end().catch(() => {});
    if (closed) return;
    if (lost === 0) logger?.warn({ err }, 'settings change feed lost: settings read every time');
    const wait = RELISTEN_MS[Math.min(lost++, RELISTEN_MS.length - 1)];
    retry = setTimeout(start, wait);
    retry.unref();
  };
  function start() {
    retry = undefined;
    if (closed) return;
    const c = new pg.Client({
      connectionString: at.url,
      connectionTimeoutMillis: 5_000,
      application_name: at.name, // what pg_stat_activity shows for it
    });
    client = c;
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    c.on('notification', (n) => {
      if (n.channel === SETTINGS_CHANNEL && n.payload) changed(n.payload);
    });
    c.connect()
      .then(() => c.query(`listen ${SETTINGS_CHANNEL}`))
      .then(() => {
        if (client !== c) return;
        // Whatever changed before the LISTEN took hold was never notified here.
        changed();
        listening = true;
        if (lost > 0) logger?.info('settings change feed back: settings remembered again');
        lost = 0;
      })
      .catch((err) => drop(c, err));
  }
  start();
  return {
    listening: () => listening,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
