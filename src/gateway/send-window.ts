/**
 * This process's sliding log of sends for one (token, operation) key. An entry counts from the
 * moment it is admitted until `windowMs` after the request was actually written to the socket
 * (not after it was started): a request held up between the two (an event-loop stall, a new
 * connection being opened) keeps its place in the window until it has really left.
 */
export interface Ticket {
  readonly id: number;
  readonly background: boolean;
  sentAt?: number;
}

export type Admission = { ok: true; ticket: Ticket } | { ok: false; waitMs: number };

export class SendWindow {
  private entries: Ticket[] = [];
  private nextId = 1;

  constructor(private readonly windowMs: number) {}

  /** Admits one send at `now` if fewer than `limit` (and, for background, `backgroundCap`) count. */
  tryAdmit(now: number, limit: number, background: boolean, backgroundCap = limit): Admission {
    this.prune(now);
    const blocking = background && this.backgroundCount() >= backgroundCap;
    if (this.entries.length >= limit || blocking) {
      const pool = blocking ? this.entries.filter((e) => e.background) : this.entries;
      return { ok: false, waitMs: this.waitFor(pool, now) };
    }
    const ticket: Ticket = { id: this.nextId++, background };
    this.entries.push(ticket);
    return { ok: true, ticket };
  }

  /** The request left at `now`; from here it counts for one more window. */
  confirm(ticket: Ticket, now: number): void {
    ticket.sentAt ??= now;
  }

  /** An admitted send that will never be made (the shared budget refused it). */
  cancel(ticket: Ticket): void {
    this.entries = this.entries.filter((e) => e !== ticket);
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
