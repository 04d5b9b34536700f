/** Seeded randomness. Nothing in the sandbox may use Math.random or the clock. */

/** A small, fast PRNG with 32 bits of state; enough for a sandbox. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Mixes integers into one 32-bit value, so the n-th anything can be generated on its own
 * (lazily, in any order) instead of by replaying a sequence.
 */
export function hashInts(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const value of values) {
    h = Math.imul(h ^ (value >>> 0), 0x01000193);
    h ^= Math.floor(value / 4294967296) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export function hashUnit(...values: number[]): number {
  return hashInts(...values) / 4294967296;
}

export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hashInts(h >>> 0);
}

export function pick<T>(items: readonly T[], unit: number): T {
  return items[Math.min(items.length - 1, Math.floor(unit * items.length))]!;
}

export function intBetween(low: number, high: number, unit: number): number {
  return low + Math.min(high - low, Math.floor(unit * (high - low + 1)));
}
