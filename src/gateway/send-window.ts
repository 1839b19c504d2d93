/**
 * This process's sliding log of sends for one (token, operation) key. An entry counts from the
 * moment it is admitted until `windowMs` after the gateway's answer began to arrive (not after it
 * was started, nor after it was written): a request held up on its way (an event-loop stall, a
 * new connection being opened) or counted late by a busy gateway keeps its place in the window
 * until the gateway has surely counted it.
 */
export interface Ticket {
  readonly id: number;
  readonly background: boolean;
  sentAt?: number;
}

export type Admission = { ok: true; ticket: Ticket } | { ok: false; waitMs: number };

/**
 * How late an admission may be against its slot and still count as in it. Timers fire a
 * millisecond or two late, more on a busy loop; measured from the actual admission, that lateness
 * added up over a burst (300 sends: 9.39 requests/s against 9.52 possible). A send later than this
 * starts the spacing afresh, so a quiet spell is never made up for with a burst.
 */
export const SLOT_TOLERANCE_MS = 20;

export class SendWindow {
  private entries: Ticket[] = [];
  private nextId = 1;
  /** The slot the newest admission was given: its time, or the time it was due if a little late. */
  private lastAdmitAt = Number.NEGATIVE_INFINITY;
  /** The newest admission and the one before it, so a cancelled newest one gives its spacing back. */
  private newest = { id: 0, before: Number.NEGATIVE_INFINITY };

  constructor(private readonly windowMs: number) {}

  /**
   * Admits one send at `now` if fewer than `limit` (and, for background, `backgroundCap`) count,
   * and no other was admitted in the last `windowMs / limit`. The spacing keeps a full window from
   * leaving in one burst: the gateway counts arrivals, and a burst of `limit` that is held up on
   * its way (a slow network, a busy gateway) would land in the same second as the next one.
   */
  tryAdmit(now: number, limit: number, background: boolean, backgroundCap = limit): Admission {
    const spacing = this.windowMs / limit;
    const due = this.lastAdmitAt + spacing;
    if (due > now) return { ok: false, waitMs: Math.max(1, Math.ceil(due - now)) };
    this.prune(now);
    const blocking = background && this.backgroundCount() >= backgroundCap;
    if (this.entries.length >= limit || blocking) {
      const pool = blocking ? this.entries.filter((e) => e.background) : this.entries;
      return { ok: false, waitMs: this.waitFor(pool, now) };
    }
    const ticket: Ticket = { id: this.nextId++, background };
    this.entries.push(ticket);
    this.newest = { id: ticket.id, before: this.lastAdmitAt };
    this.lastAdmitAt = now - due <= SLOT_TOLERANCE_MS ? due : now;
    return { ok: true, ticket };
  }

  /** The request's answer arrived at `now`; from here it counts for one more window. */
  confirm(ticket: Ticket, now: number): void {
    ticket.sentAt ??= now;
  }

  /** An admitted send that will never be made (the shared budget refused it). */
  cancel(ticket: Ticket): void {
    this.entries = this.entries.filter((e) => e !== ticket);
    // Nothing left (the shared window refused it): the spacing is measured from the one before.
    if (ticket.id === this.newest.id) this.lastAdmitAt = this.newest.before;
  }

  count(now: number): number {
    this.prune(now);
    return this.entries.length;
  }

  private backgroundCount(): number {
    return this.entries.filter((e) => e.background).length;
  }

  private prune(now: number): void {
    this.entries = this.entries.filter(
      (e) => e.sentAt === undefined || e.sentAt + this.windowMs > now,
    );
  }

  /** Until the oldest sent entry leaves; a short poll when every entry is still on its way. */
  private waitFor(pool: Ticket[], now: number): number {
    let soonest = Number.POSITIVE_INFINITY;
    for (const e of pool) {
      if (e.sentAt !== undefined) soonest = Math.min(soonest, e.sentAt + this.windowMs - now);
    }
    return Number.isFinite(soonest) ? Math.max(1, Math.ceil(soonest)) : 10;
  }
}
