/**
 * Money at the comanda, cash register and commissions: integer centavos, never a float. The three
 * roundings every figure goes through live here, so a figure on a screen, in the database and in a
 * test is the same number (docs/features/checkout.md, "Rounding").
 *
 * Plain integers rather than a money library's objects (dinero.js): amounts are one currency, the
 * database's integer columns map onto them as they are, and the only operations that round are the
 * three below; dinero's `allocate` is the same largest-remainder rule as `apportion`.
 */

/** An amount in centavos: a safe integer (R$ 1,00 = 100). */
export type Cents = number;

/** A rate in hundredths of a percent: 10 % = 1000, 2,5 % = 250, 100 % = 10000. */
export type BasisPoints = number;

export const FULL: BasisPoints = 10_000;

export function isCents(n: unknown): n is Cents {
  return typeof n === "number" && Number.isSafeInteger(n);
}

function assertCents(n: number, what: string): void {
  if (!isCents(n)) throw new RangeError(`${what} must be whole centavos, got ${n}`);
}

/**
 * `rate` of `amount`, rounded half away from zero at the centavo: 10 % of R$ 0,45 is R$ 0,05 (4,5
 * centavos up), of -R$ 0,45 is -R$ 0,05 (a reversal mirrors its sale exactly).
 */
export function percentOf(amount: Cents, rate: BasisPoints): Cents {
  assertCents(amount, "amount");
  assertCents(rate, "rate");
  const sign = Math.sign(amount) * Math.sign(rate);
  const product = Math.abs(amount) * Math.abs(rate);
  if (!Number.isSafeInteger(product)) throw new RangeError("amount × rate is too large");
  // Integer half-up: (|a|·r + 5000) ÷ 10000, floored. No float division ever reaches a centavo.
  return sign * Math.floor((product + FULL / 2) / FULL) || 0;
}

/**
 * `total` split over `weights` in proportion, in whole centavos that add up to `total` exactly
 * (the largest-remainder rule): each share is floored, and the centavos left go one each to the
 * shares with the largest remainders, the earlier one on a tie. All weights zero: an even split.
 * A discount on the whole comanda reaches its lines, and a card fee its lines, this way.
 */
export function apportion(total: Cents, weights: readonly Cents[]): Cents[] {
  assertCents(total, "total");
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError("nothing to apportion over");
    return [];
  }
  for (const w of weights) {
    assertCents(w, "weight");
    if (w < 0) throw new RangeError("weights are not negative");
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum === 0 ? weights.map(() => 1) : weights;
  const whole = sum === 0 ? weights.length : sum;
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  if (!Number.isSafeInteger(abs * Math.max(...used))) throw new RangeError("total × weight is too large");
  const shares = used.map((w) => Math.floor((abs * w) / whole));
  const remainders = used.map((w, i) => ({ i, r: (abs * w) % whole }));
  let left = abs - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares.map((s) => sign * s || 0);
}

/**
 * A card payment in `count` instalments: equal parts in whole centavos, the centavos that don't
 * divide added to the first (R$ 100,00 in 3: 33,34 + 33,33 + 33,33), as card acquirers do.
 */
export function instalments(total: Cents, count: number): Cents[] {
  assertCents(total, "total");
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError("at least one instalment");
  const part = Math.trunc(total / count);
  const parts = Array.from({ length: count }, () => part);
  parts[0] += total - part * count;
  return parts;
}
