import { rngFor } from './seed/rng.js';
import type { QrSessionView, QrStatus } from './types.js';

interface Session {
  id: string;
  mediaMark: string;
  squeezePage?: string;
  createdAt: number;
  creationCharge: number;
  scannedAt?: number;
  expiredAt?: number;
  refunded: boolean;
  paidChecks: number;
}

export interface QrSessions {
  create(
    mediaMark: string,
    squeezePage: string | undefined,
    now: number,
    charge: number,
  ): QrSessionView;
  find(id: string, now: number): QrSessionView | undefined;
  /** true the first time only: a session's points are returned once. */
  claimRefund(id: string): boolean;
  /** Counts one charged status check of the session (what a code costs while nobody scans it). */
  countPaidCheck(id: string): void;
  simulateScan(id: string, now: number): boolean;
  simulateExpire(id: string, now: number): boolean;
  list(now: number): QrSessionView[];
}

export const QR_URL_BASE = 'https://sandbox.querydesk.invalid/qr/';

export function createQrSessions(opts: {
  seed: number;
  scanAfterMs?: number;
  expireAfterMs: number;
}): QrSessions {
  const sessions = new Map<string, Session>();

  // A forced state wins; otherwise an automatic scan counts only if it came before the expiry.
  const statusAt = (s: Session, now: number): QrStatus => {
    if (s.expiredAt !== undefined) return '3';
    if (s.scannedAt !== undefined) return '2';
    const scanAt = opts.scanAfterMs === undefined ? Infinity : s.createdAt + opts.scanAfterMs;
    const expireAt = s.createdAt + opts.expireAfterMs;
    if (scanAt <= now && scanAt < expireAt) return '2';
    return expireAt <= now ? '3' : '1';
  };
  const view = (s: Session, now: number): QrSessionView => ({
    sessionId: s.id,
    mediaMark: s.mediaMark,
    ...(s.squeezePage === undefined ? {} : { squeezePage: s.squeezePage }),
    url: `${QR_URL_BASE}${s.id}`,
    createdAt: s.createdAt,
    status: statusAt(s, now),
    creationCharge: s.creationCharge,
    refunded: s.refunded,
    paidChecks: s.paidChecks,
  });
  const settle = (id: string, now: number, field: 'scannedAt' | 'expiredAt') => {
    const s = sessions.get(id);
    if (!s || statusAt(s, now) !== '1') return false;
    s[field] = now;
    return true;
  };

  return {
    create(mediaMark, squeezePage, now, charge) {
      const id = `sbx${rngFor(opts.seed, 'qr-session', sessions.size).hex(20)}`;
      const s: Session = {
        id,
        mediaMark,
        squeezePage,
        createdAt: now,
        creationCharge: charge,
        refunded: false,
        paidChecks: 0,
      };
      sessions.set(id, s);
      return view(s, now);
    },
    find(id, now) {
      const s = sessions.get(id);
      return s && view(s, now);
    },
    claimRefund(id) {
      const s = sessions.get(id);
      if (!s || s.refunded) return false;
      s.refunded = true;
      return true;
    },
    countPaidCheck(id) {
      const s = sessions.get(id);
      if (s) s.paidChecks += 1;
    },
    simulateScan: (id, now) => settle(id, now, 'scannedAt'),
    simulateExpire: (id, now) => settle(id, now, 'expiredAt'),
    list: (now) => [...sessions.values()].map((s) => view(s, now)),
  };
}
