/** A small seeded PRNG (mulberry32): every sandbox value comes from a seed, none from the platform. */
export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** n decimal digits, the first non-zero */
  digits(n: number): string;
  hex(n: number): string;
}

/** FNV-1a of the seed and labels: each entity gets its own stream, so adding one shifts no other. */
function hash(seed: number, labels: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}|${labels.join('|')}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function rngFor(seed: number, ...labels: (string | number)[]): Rng {
  let state = hash(seed, labels);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
    digits: (n) =>
      String(int(1, 9)) + Array.from({ length: n - 1 }, () => String(int(0, 9))).join(''),
    hex: (n) => Array.from({ length: n }, () => int(0, 15).toString(16)).join(''),
  };
}
