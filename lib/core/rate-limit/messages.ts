/** The wait, in Portuguese, for a refused request. Pure: shared by server code and tests. */
export function tooManyAttempts(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return `Muitas tentativas. Tente novamente em ${seconds} ${seconds === 1 ? "segundo" : "segundos"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}
