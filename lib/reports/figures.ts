/**
 * The reports' derived figures (spec section 9): whole percentages and averages to two decimals.
 * The counts come from SQL; these divisions are the only arithmetic done in TypeScript. Pure.
 */

/** `part` of `total` in whole percent (half up), 0 when there is nothing to divide. */
export function wholePercent(part: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((part * 100) / total);
}

/**
 * Two complementary shares (bot / human) in whole percent that always add up to 100: the first is
 * rounded half up, the second is what is left (50.5 % / 49.5 % shows 51 % / 49 %, never 51 % / 50 %).
 */
export function complementaryShares(first: number, second: number): [number, number] {
  const total = first + second;
  if (!(total > 0)) return [0, 0];
  const a = wholePercent(first, total);
  return [a, 100 - a];
}

/**
 * `sum / count` rounded half up to two decimals, 0 without a count. Both are whole numbers, so
 * `sum * 100 / count` is exact whenever it ends in .5 and Math.round rounds it the right way.
 */
export function averageTo2(sum: number, count: number): number {
  if (!(count > 0)) return 0;
  return Math.round((sum * 100) / count) / 100;
}

const decimal2 = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });

/** "2,50" */
export function formatDecimal2(n: number): string {
  return decimal2.format(n);
}

/** "1.234" */
export function formatCount(n: number): string {
  return whole.format(n);
}

/** "42%" */
export function formatPercent(n: number): string {
  return `${whole.format(n)}%`;
}
