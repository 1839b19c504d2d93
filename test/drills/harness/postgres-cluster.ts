import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/console/free-port.js';

const BIN = '/usr/lib/postgresql/15/bin';

/** A throwaway PostgreSQL cluster on its own port and data directory, never the shared one. */
export interface Cluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** The cluster, or why it cannot be started here. */
export async function startCluster(): Promise<Cluster | { skip: string }> {
  if (!existsSync(join(BIN, 'initdb'))) return { skip: `no ${BIN}/initdb on this machine` };
  const root = userInfo().uid === 0;
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
  let owner: { uid: number; gid: number } | undefined;
  if (root) {
    try {
      const [uid, gid] = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .concat(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      owner = { uid: Number(uid), gid: Number(gid) };
    } catch {
      return { skip: 'running as root and there is no postgres user to own the cluster' };
    }
  }
  const dir = mkdtempSync('/tmp/qd-drill-pg-');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (bin: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : join(BIN, bin),
      root ? ['-u', 'postgres', '--', join(BIN, bin), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      },
    );
  const port = await freePort();
  const data = join(dir, 'data');
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `initdb failed: ${(err as Error).message.split('\n')[0]}` };
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () =>
    run('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options]);
  const stop = (mode = 'fast') => run('pg_ctl', ['stop', '-D', data, '-w', '-t', '30', '-m', mode]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop(),
    start,
    destroy() {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
