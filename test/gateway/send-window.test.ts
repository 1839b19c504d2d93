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
