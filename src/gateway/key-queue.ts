import type { Admit } from './admission.js';
import type { OperationName } from './operation.js';
import { SendWindow, type Ticket } from './send-window.js';

/** While people wait, one admission in this many goes to background work that is waiting. */
const BACKGROUND_TURN = 3;

export interface Waiter {
  background: boolean;
  start(ticket: Ticket, member?: string): void;
  fail(err: Error): void;
}

export interface KeyQueue {
  key: string;
  op: OperationName;
  interactive: Waiter[];
  background: Waiter[];
  running: number;
  pumping: boolean;
  sinceBackground: number;
  backgroundBlockedUntil: number;
  window: SendWindow;
  wake?: () => void;
}

export function newKeyQueue(key: string, op: OperationName, windowMs: number): KeyQueue {
  return {
    key,
    op,
    interactive: [],
    background: [],
    running: 0,
    pumping: false,
    sinceBackground: 0,
    backgroundBlockedUntil: 0,
    window: new SendWindow(windowMs),
  };
}

/** Sleeps `ms`, or less if a send of this key is confirmed meanwhile (a slot may be free). */
function waitOn(q: KeyQueue, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      q.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    q.wake = done;
  });
}

/**
 * Admits the queue's waiters one by one as the budget allows: people first, but while they
 * wait one turn in BACKGROUND_TURN goes to waiting background work, and background work that
 * already holds half the window waits for people. One pump per key at a time.
 */
export async function pumpQueue(
  q: KeyQueue,
  deps: { admission: Admit; now: () => number; closed: () => boolean },
): Promise<void> {
  const { admission, now } = deps;
  if (q.pumping) return;
  q.pumping = true;
  try {
    while (!deps.closed() && q.interactive.length + q.background.length > 0) {
      const peopleWait = q.interactive.length > 0;
      const background =
        q.background.length > 0 &&
        (!peopleWait ||
          (q.sinceBackground >= BACKGROUND_TURN - 1 && now() >= q.backgroundBlockedUntil));
      const r = await admission.admit(q.key, q.window, background, peopleWait);
      if (!r.ok) {
        if (background && peopleWait) {
          // Background has its half of the budget already: people go first meanwhile.
          q.backgroundBlockedUntil = now() + r.waitMs;
          q.sinceBackground = 0;
          continue;
        }
        await waitOn(q, r.waitMs);
        continue;
      }
      const waiter = (background ? q.background : q.interactive).shift();
      q.sinceBackground = background ? 0 : q.sinceBackground + 1;
      if (!waiter) {
        admission.release(q.window, r.ticket, r.member);
        continue;
      }
      waiter.start(r.ticket, r.member);
    }
  } finally {
    q.pumping = false;
  }
}
