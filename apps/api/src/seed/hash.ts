/**
 * The demo data's randomness: a small 32-bit integer hash, written once in TypeScript (for the
 * constants) and once as SQL text (for the rows), so that every value of every row is a pure
 * function of (seed, row number) computed inside the database. No random(), no state: the same
 * size and seed give the same rows, on any run and either driver.
 *
 * The mix is the well-known xorshift-multiply "hash32" (two rounds of x ^= x >> 16; x *= 0x45d9f3b).
 * In SQL it runs on bigint with a 32-bit mask after each product (a 32-bit value times a 27-bit
 * constant never overflows 63 bits), which gives exactly Math.imul's 32-bit arithmetic here.
 */

const multiplier = 0x45d9f3b;
const mask = 4294967295;

/** The hash of a 32-bit unsigned integer, as an unsigned 32-bit integer. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul((h >>> 16) ^ h, multiplier) >>> 0;
  h = Math.imul((h >>> 16) ^ h, multiplier) >>> 0;
  return ((h >>> 16) ^ h) >>> 0;
}

/**
 * SQL text of mix32 over a bigint expression in 0..2^32-1. The expression is repeated eight times
 * in the text, so pass a column or a small expression of columns, never another mix.
 */
export function mixSql(expr: string): string {
  const x = `(${expr})::bigint`;
  const a = `((((${x} >> 16) # ${x}) * ${multiplier}) & ${mask})`;
  const b = `((((${a} >> 16) # ${a}) * ${multiplier}) & ${mask})`;
  return `((${b} >> 16) # ${b})`;
}

/**
 * The random draws of one seed. A row's `state` (a column computed once, e.g. mixSql(n # key))
 * and a `salt` (one per drawn quantity) give one independent 32-bit draw.
 */
export class Draws {
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
  }

  /** A constant of this seed for `salt`: the key a row number or a state is combined with. */
  key(salt: number): number {
    return mix32((mix32(this.seed) + Math.imul(salt, 0x9e3779b9)) >>> 0);
  }

  /** SQL: the state of row `n` of a kind of row (`salt`): a 32-bit hash to draw from. */
  state(n: string, salt: number): string {
    return mixSql(`(${n}) # ${this.key(salt)}`);
  }

  /** SQL: a 32-bit draw (bigint 0..2^32-1) from `state` for `salt`. */
  bits(state: string, salt: number): string {
    return mixSql(`(${state}) # ${this.key(salt)}`);
  }

  /** SQL: a uniform float8 in [0, 1). */
  unit(state: string, salt: number): string {
    return `(${this.bits(state, salt)}::float8 / 4294967296.0)`;
  }

  /** SQL: an integer in [0, n). */
  int(state: string, salt: number, n: number): string {
    return `(${this.bits(state, salt)} % ${Math.max(1, Math.floor(n))})::int`;
  }
}
