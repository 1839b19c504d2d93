import { describe, expect, it } from 'vitest';
import { type AnswerKind, loadedOverQuiet, type Phase } from '../../bench/scale-answers.js';

/** `n` answered commands of one kind and phase, each answered `ms` after it was sent. */
const asked = (n: number, kind: AnswerKind, phase: Phase, ms: number) =>
  Array.from({ length: n }, () => ({
    kind,
    phase,
    sentAt: 1000,
    answeredAt: 1000 + ms,
    check: () => true,
    right: true,
    queued: false,
  }));

describe('loaded over quiet answer p90', () => {
  it('compares the kinds asked in both phases, and gives the mixed ratio for information', () => {
    const run = [
      ...asked(10, 'account', 'quiet', 20),
      ...asked(10, 'spend', 'quiet', 20),
      ...asked(40, 'account', 'live', 30),
      ...asked(40, 'spend', 'creation', 30),
      // Asked only under load: the steady QR load's /qr, slower by nature; and the flood.
      ...asked(20, 'qr', 'live', 300),
      ...asked(50, 'flood', 'live', 5000),
      ...asked(50, 'flood', 'quiet', 5000),
    ];
    expect(loadedOverQuiet(run)).toEqual({ sameKinds: 1.5, allKinds: 15 });
  });

  it('has no ratio without a quiet answer', () => {
    expect(loadedOverQuiet(asked(10, 'account', 'live', 30))).toEqual({
      sameKinds: null,
      allKinds: null,
    });
  });
});
