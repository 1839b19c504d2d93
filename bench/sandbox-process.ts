import { fork } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { QrSessionView, RequestRecord, SandboxOptions } from '../src/sandbox/index.js';

export interface SandboxProcess {
  url: string;
  /** The sandbox's request log, every request in arrival order. */
  requests(): Promise<RequestRecord[]>;
  /** The QR sessions it created, each with the paid status checks it answered. */
  sessions(): Promise<QrSessionView[]>;
  close(): Promise<void>;
}

/** The sandbox forked into its own process (see sandbox-child.ts), at raised priority. */
export async function sandboxProcess(
  options: Pick<SandboxOptions, 'qrExpireAfterMs'> = {},
): Promise<SandboxProcess> {
  // Compiled (npm run bench) the child is a .js beside this file; from source (the tests) a .ts.
  const fromSource = import.meta.url.endsWith('.ts');
  const child = fork(
    fileURLToPath(new URL(`./sandbox-child.${fromSource ? 'ts' : 'js'}`, import.meta.url)),
    [JSON.stringify(options)],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    },
  );
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  try {
    // It stands for a remote gateway, whose clock our CPU load cannot starve: on 2 shared cores a
    // process at normal priority can wait hundreds of ms for a turn and stamp arrivals late.
    setPriority(child.pid!, -10);
  } catch {
    // Not permitted (not root): measured at normal priority.
  }
  // One question at a time: the answers come back in order.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <T>(question: 'requests' | 'sessions'): Promise<T> => {
    const answer = queue.then(async () => {
      const reply = once(child, 'message') as Promise<[Record<string, T>]>;
      child.send(question);
      return (await reply)[0][question] as T;
    });
    queue = answer.catch(() => undefined);
    return answer;
  };
  return {
    url,
    requests: () => ask<RequestRecord[]>('requests'),
    sessions: () => ask<QrSessionView[]>('sessions'),
    async close() {
      if (!child.connected) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}
