import { fork } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { QrSessionView, RequestRecord, SandboxOptions } from '../src/sandbox/index.js';

/** What the forked sandbox is started with. */
export type SandboxChildOptions = Pick<
  SandboxOptions,
  'qrExpireAfterMs' | 'extraShopOwnerIds' | 'extraWaitingOrders'
>;

/** What a benchmark makes happen at the gateway: a scan, a payment, a shop's new order. */
export type SandboxControl =
  | { kind: 'scan'; sessionId: string }
  | { kind: 'pay'; orderNumber: string }
  | { kind: 'newOrder'; ownerId: string };

export interface SandboxProcess {
  url: string;
  /** The sandbox's request log, every request in arrival order. */
  requests(): Promise<RequestRecord[]>;
  /** The QR sessions it created, each with the paid status checks it answered. */
  sessions(): Promise<QrSessionView[]>;
  /** Makes it happen; whether it took, and when by the sandbox's clock (epoch ms). */
  control(c: SandboxControl): Promise<{ done: boolean; at: number }>;
  close(): Promise<void>;
}

/** The sandbox forked into its own process (see sandbox-child.ts), at raised priority. */
export async function sandboxProcess(options: SandboxChildOptions = {}): Promise<SandboxProcess> {
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
  const ask = <T>(question: 'requests' | 'sessions' | { control: SandboxControl }): Promise<T> => {
    const key = typeof question === 'string' ? question : 'control';
    const answer = queue.then(async () => {
      const reply = once(child, 'message') as Promise<[Record<string, T>]>;
      child.send(question);
      return (await reply)[0][key] as T;
    });
    queue = answer.catch(() => undefined);
    return answer;
  };
  return {
    url,
    requests: () => ask<RequestRecord[]>('requests'),
    sessions: () => ask<QrSessionView[]>('sessions'),
    control: (c) => ask<{ done: boolean; at: number }>({ control: c }),
    async close() {
      if (!child.connected) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}
