/**
 * Seeded randomness for the market model: a 32-bit hash that turns (seed, pair, day, stream) into a
 * generator's seed, and sfc32, a small fast generator with good statistical quality. Nothing here reads
 * Math.random, so the same inputs give the same numbers on every machine.
 */

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A well-mixed 32-bit hash of 32-bit words (each taken modulo 2^32). */
export function hashWords(...words: number[]): number {
  let h = 0x9e3779b9;
  for (const word of words) h = fmix32((h ^ fmix32(word >>> 0)) + 0x6d2b79f5);
  return h;
}

/** FNV-1a over the text's UTF-16 units, mixed: a stable number for a ticker. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

/** sfc32: four 32-bit words of state; uniform and standard normal draws. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    this.a = hashWords(seed, 1);
    this.b = hashWords(seed, 2);
    this.c = hashWords(seed, 3);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in (0, 1), never 0 or 1. */
  uniform(): number {
    return (this.next() + 0.5) / 4294967296;
  }

  /** Standard normal (Box–Muller; the second value of each pair is kept for the next call). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    const radius = Math.sqrt(-2 * Math.log(this.uniform()));
    const angle = 2 * Math.PI * this.uniform();
    this.spare = radius * Math.sin(angle);
    this.hasSpare = true;
    return radius * Math.cos(angle);
  }
}
