/** A small deterministic generator (a linear congruential one), so a failing random walk replays the same steps. */
export function prng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
}
