/** The no-show rate in whole percent, one decimal when under 10 % (a salon's rate is often 2–8 %). */
export function noShowPercent(noShows: number, booked: number): number {
  if (booked <= 0) return 0;
  const p = (100 * noShows) / booked;
  return p < 10 ? Math.round(p * 10) / 10 : Math.round(p);
}
