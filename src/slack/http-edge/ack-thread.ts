import type { AddressInfo, ListenOptions } from 'node:net';
import type { Worker } from 'node:worker_threads';
import { newWorker } from '../../threads/new-worker.js';
import { ownWorker } from '../../threads/owned-worker.js';
import type { AckPlanTable } from './ack-plan.js';
import type { HttpLimits } from './http-limits.js';

/**
 * The ack thread, seen from the receiver (slack-receiver.ts): in every HTTP mode the public port
 * is served by a worker thread with an event loop of its own (ack-worker.ts), which does nothing
 * but read, check, decide and ack. Why: the main thread runs people's answers (their store round
 * trips, gateway calls and posts), and at 100 workspaces a request that arrived while one of those
 * held the loop waited for its turn before it was even read, and the thread that is busy half the
 * time is the one the scheduler wakes last on a loaded machine. The figures:
 * docs/design/rate-limit-and-acks.md.
 *
 * Every request on /slack/events is read, its signature checked and decided once, in the thread:
 * what acks at once (a lookup command, an Events API delivery) is acked there and posted to the
 * main thread to run; what its listener acks (interactivity, the other commands) is posted with
 * an id, and the listener's ack comes back as a message the thread writes. The other routes (the
 * OAuth install, health, readiness, metrics, the console) are passed to the receiver's port on
 * 127.0.0.1 with the client's address and this process's secret; that port answers nothing else.
 */
export interface AckThreadData {
  /** The public port and host, as the receiver would listen. */
  listen: ListenOptions;
  /** The receiver's port for the other routes, on 127.0.0.1. */
  routesPort: number;
  /** Proves a request on the routes port came from this process's thread (ROUTES_SECRET). */
  routesSecret: string;
  signingSecret: string;
  /** The lookup commands, for the one planner (ack-plan.ts). */
  plan: AckPlanTable;
  limits: HttpLimits;
}

/** As Bolt's HTTPReceiver is set here: a request its listener never acks gets 404 after this. */
export const UNACKED_MS = 2_900;

/** The headers the thread sets on a request it passes on: the secret, and the client's address. */
export const ROUTES_SECRET = 'x-querydesk-ack-thread';
export const PEER_ADDRESS = 'x-querydesk-peer';

/** Slack's retry headers, as Bolt passes them to `processEvent`. */
export interface Retry {
  retryNum?: number;
  retryReason?: string;
}

/** Messages from the ack thread. */
export type FromAckThread =
  | { type: 'listening'; address: AddressInfo }
  | { type: 'failed'; message: string; code?: string }
  /**
   * Requests on /slack/events came in and are not answered yet (`unanswered: true`), or the last
   * of them has been answered or is gone (`false`). Posted only when that changes, not per
   * request: a burst is told as it starts and once it is all answered, and again only where the
   * thread catches up with the requests in between.
   * `lastArrivalAt`: epoch ms (performance.timeOrigin + now) of the latest arrival.
   */
  | { type: 'pending'; unanswered: boolean; lastArrivalAt: number }
  /**
   * Acked in the thread: a command (its name and its ack as sent, '' for an empty ack) or an
   * event. `ackedAt`: epoch ms (performance.timeOrigin + now) as its ack was written.
   */
  | {
      type: 'acked';
      body: Record<string, unknown>;
      retry: Retry;
      command?: { name: string; sent: string };
      ackedAt: number;
    }
  /** Its listener acks: the answer comes back as `answer` with this id. */
  | { type: 'listener'; id: number; body: Record<string, unknown>; retry: Retry }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; fields: Record<string, unknown>; msg: string }
  | { type: 'closed' };

/** Messages to the ack thread. */
export type ToAckThread =
  /** The answer to a `listener` request: a body (its listener's ack), or a status without one. */
  { type: 'answer'; id: number; response?: unknown; status?: number } | { type: 'close' };

export interface AckThread {
  /** Where the public port listens. */
  address: AddressInfo;
  /** Writes the answer of a request its listener acked. */
  answer(m: Omit<Extract<ToAckThread, { type: 'answer' }>, 'type'>): void;
  /** Stops taking connections, lets those open finish, and ends the thread. */
  close(): Promise<void>;
}

export type AckThreadEvents = Exclude<
  FromAckThread,
  { type: 'listening' } | { type: 'failed' } | { type: 'closed' }
>;

/**
 * The thread's heap is bounded: it holds a few MiB at rest; past these it ends (and the process
 * stops, see `lost`) instead of growing. Bodies it reads are bounded apart from the heap
 * (HttpLimits.bodyBudgetBytes). The young generation is as small as the main thread's
 * (scripts/start.sh: 1 MiB semi-spaces), for the idle memory
 * (docs/design/startup-and-memory.md).
 */
export const ACK_THREAD_RESOURCE_LIMITS = {
  maxOldGenerationSizeMb: 64,
  maxYoungGenerationSizeMb: 3,
};

/**
 * Starts the thread and resolves once it listens (rejects when it cannot). `on` gets every
 * message of a request; `lost` is called if the thread ends without being closed.
 */
export async function startAckThread(
  data: AckThreadData,
  p: { on: (m: AckThreadEvents) => void; lost: (why: string) => void },
  spawn: (data: AckThreadData) => Worker = (workerData) =>
    newWorker(import.meta.url, 'ack-worker', {
      workerData,
      resourceLimits: ACK_THREAD_RESOURCE_LIMITS,
    }),
): Promise<AckThread> {
  const { up, thread } = ownWorker<FromAckThread, ToAckThread, 'listening', 'closed'>(
    spawn(data),
    {
      name: 'the ack thread',
      up: 'listening',
      failedWhy: (m) => (m.code ? `${m.code}: ${m.message}` : m.message),
      closed: 'closed',
      close: { type: 'close' },
    },
    { on: p.on, lost: p.lost },
  );
  const { address } = await up;
  return {
    address,
    answer: (a) => thread.send({ type: 'answer', ...a }),
    close: () => thread.close(),
  };
}
