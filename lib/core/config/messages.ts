/**
 * How many messages (e-mail and WhatsApp, to clients and to the owners) one business may send in a
 * business day: MESSAGES_PER_BUSINESS_PER_DAY, default 300 (far above a busy salon's reminders,
 * offers and notices; low enough that an account is no mail relay). The production server checks
 * the value when it starts (lib/core/config/env.ts); here a value that is not a whole number of at
 * least 1 reads as the default. Read on each call, not cached: tests change it. No other import.
 */
export const DEFAULT_MESSAGES_PER_BUSINESS_PER_DAY = 300;

export function messagesPerBusinessPerDay(env: Record<string, string | undefined> = process.env): number {
  const v = env.MESSAGES_PER_BUSINESS_PER_DAY?.trim() ?? "";
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : DEFAULT_MESSAGES_PER_BUSINESS_PER_DAY;
}
