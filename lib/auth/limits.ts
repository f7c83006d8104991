import "server-only";
import { fail, type ActionFailure } from "@/lib/actions/result";
import { requestAddress } from "@/lib/net/request-address";
import { backoffCheck, backoffCount, hit, refund, strictest, subjectKey, type Backoff } from "@/lib/rate-limit";
import { tooManyAttempts } from "@/lib/rate-limit/messages";
import { CONFIRMATION, TOKEN_LINKS } from "@/lib/rate-limit/policies";

/**
 * Counts one attempt of `email` from `address` against the pair and the address (sign-up,
 * forgot-password): the wait as a refusal text, or null. Counted whether or not the account
 * exists, so the limit itself tells nothing.
 */
export async function attemptWait(limits: { pair: Backoff; address: Backoff }, email: string, address: string): Promise<string | null> {
  const pairKey = subjectKey(email.trim().toLowerCase(), address);
  const addressKey = subjectKey(address);
  const wait = strictest(await backoffCheck(limits.pair, pairKey), await backoffCheck(limits.address, addressKey));
  if (!wait.ok) return tooManyAttempts(wait.retryAfterMs);
  await Promise.all([backoffCount(limits.pair, pairKey), backoffCount(limits.address, addressKey)]);
  return null;
}

/** An action's precheck: one attempt of `email` from this request's address, refused with `error` while it must wait. */
export async function attemptPrecheck(limits: { pair: Backoff; address: Backoff }, email: string, error: string): Promise<ActionFailure | undefined> {
  const wait = await attemptWait(limits, email, await requestAddress());
  return wait ? fail(error, wait) : undefined;
}

/** 'Reenviar email': one a minute and CONFIRMATION.day a day per account (no mailbox flooding). */
export async function confirmationWait(userId: string): Promise<string | null> {
  const minute = await hit(CONFIRMATION.minute, userId);
  const day = minute.ok ? await hit(CONFIRMATION.day, userId) : minute;
  const wait = strictest(minute, day);
  if (wait.ok) return null;
  if (minute.ok) await refund(CONFIRMATION.minute, userId);
  return tooManyAttempts(wait.retryAfterMs);
}

/** An action's precheck for an e-mailed link's secret (reset, invitation sign-up): TOKEN_LINKS per address. */
export async function tokenLinkPrecheck(error: string): Promise<ActionFailure | undefined> {
  const verdict = await hit(TOKEN_LINKS.address, subjectKey(await requestAddress()));
  return verdict.ok ? undefined : fail(error, tooManyAttempts(verdict.retryAfterMs));
}
