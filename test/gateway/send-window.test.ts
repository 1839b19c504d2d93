import { describe, expect, it } from 'vitest';
import { SendWindow } from '../../src/gateway/send-window.js';

describe('SendWindow spacing', () => {
  it('lets a full window leave spread over the window, never as one burst', () => {
    // Arrange: 10 per 1050 ms, and 30 callers all asking at the same instants every millisecond.
    const window = new SendWindow(1050);
    const admittedAt: number[] = [];

    // Act
    for (let now = 0; now < 3_000; now++) {
      const a = window.tryAdmit(now, 10, false);
      if (a.ok) {
        admittedAt.push(now);
        window.confirm(a.ticket, now);
      }
    }

    // Assert: one every 105 ms, so no 1-s span holds more than 10 even if each arrives late.
    const gaps = admittedAt.slice(1).map((t, i) => t - (admittedAt[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(105);
    for (const start of admittedAt) {
      expect(admittedAt.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(
        10,
      );
    }
    expect(admittedAt.length).toBeGreaterThanOrEqual(28);
  });

  it('does not let timers that fire a little late add up over a burst', () => {
    // Arrange: every caller wakes 3 ms after it was told to (a busy loop), and sends at once.
    const window = new SendWindow(1050);
    const sentAt: number[] = [];
    let now = 0;

    // Act: 300 sends, each retried at the time the window named, plus 3 ms.
    while (sentAt.length < 300) {
      const a = window.tryAdmit(now, 10, false);
      if (a.ok) {
        window.confirm(a.ticket, now);
        sentAt.push(now);
        continue;
      }
      now += a.waitMs + 3;
    }

    // Assert: the rate is the window's 10 per 1050 ms (9.52/s), not 10 per 1080 ms; and still no
    // 11 sends within any 1050 ms.
    const perSecond = (sentAt.length - 1) / ((sentAt.at(-1)! - sentAt[0]!) / 1000);
    expect(perSecond).toBeGreaterThanOrEqual(9.5);
    for (let i = 10; i < sentAt.length; i++) {
      expect(sentAt[i]! - sentAt[i - 10]!).toBeGreaterThanOrEqual(1050);
    }
  });

  it('starts the spacing afresh after a quiet spell instead of making it up', () => {
    // Arrange
    const window = new SendWindow(1050);
    const first = window.tryAdmit(0, 10, false);
    if (!first.ok) throw new Error('first not admitted');
    window.confirm(first.ticket, 0);

    // Act: the next caller comes 5 s later; the one after it asks 1 ms after that.
    const late = window.tryAdmit(5_000, 10, false);
    if (!late.ok) throw new Error('late not admitted');
    window.confirm(late.ticket, 5_000);
    const next = window.tryAdmit(5_001, 10, false);

    // Assert: it waits the whole spacing from the late one.
    expect(next).toEqual({ ok: false, waitMs: 104 });
  });

  it('gives back the spacing of a send the shared budget refused', () => {
    // Arrange
    const window = new SendWindow(1000);
    const first = window.tryAdmit(0, 10, false);
    expect(first.ok).toBe(true);
    const second = window.tryAdmit(100, 10, false);
    if (!second.ok) throw new Error('second not admitted');

    // Act: the second is cancelled (refused by Redis); the next may go once 100 ms after the first.
    window.cancel(second.ticket);

    // Assert
    expect(window.tryAdmit(100, 10, false).ok).toBe(true);
    expect(window.tryAdmit(150, 10, false).ok).toBe(false);
  });
});
